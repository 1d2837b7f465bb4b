import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AppDataProvider, Download } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';

/** Hands a downloaded file to the browser to save under its name. */
function save({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** Exports the device list as it is filtered and sorted now, as CSV, every page of it (the server streams it). */
export function ExportDevicesButton() {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort } = useListContext();
  const exporting = useMutation({
    mutationFn: () => dataProvider.exportDevices({ filter: filterValues, sort }),
    onSuccess: save,
    onError: notifyFailure,
  });
  return (
    <Button startIcon={<DownloadIcon />} disabled={exporting.isPending} onClick={() => exporting.mutate()}>
      {translate('app.devices.export')}
    </Button>
  );
}
