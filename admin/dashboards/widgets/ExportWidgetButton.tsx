import { IconButton, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveDownload } from '../../common/saveDownload';
import { useNotifyFailure } from '../../common/useNotifyFailure';

/** Downloads every row of a table widget as CSV (not only those it shows), streamed by the server; open to viewers too. */
export function ExportWidgetButton({ widgetId, className }: { widgetId: Identifier; className: string }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const exporting = useMutation({ mutationFn: () => dataProvider.exportWidgetTable(widgetId), onSuccess: saveDownload, onError: notifyFailure });
  const label = translate('app.dashboards.export_widget');
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" className={className} disabled={exporting.isPending} onClick={() => exporting.mutate()} aria-label={label}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
