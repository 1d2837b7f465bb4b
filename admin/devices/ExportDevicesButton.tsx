import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { saveDownload } from '../common/saveDownload';
import { useNotifyFailure } from '../common/useNotifyFailure';

/** Exports the device list as it is filtered and sorted now, as CSV, every page of it (the server streams it). */
export function ExportDevicesButton() {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort } = useListContext();
  const exporting = useMutation({
    mutationFn: () => dataProvider.exportDevices({ filter: filterValues, sort }),
    onSuccess: saveDownload,
    onError: notifyFailure,
  });
  return (
    <Button startIcon={<DownloadIcon />} disabled={exporting.isPending} onClick={() => exporting.mutate()}>
      {translate('app.devices.export')}
    </Button>
  );
}
