import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { certificateFiles, downloadText } from './download';
import { useNotifyFailure } from '../common/useNotifyFailure';

/** Issues a new certificate for the gateway and saves the CA, certificate and key as three files. */
export function DownloadCertificateButton() {
  const record = useRecordContext<{ id: string; gateway_id: string }>();
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const download = useMutation({
    mutationFn: (gateway: { id: string; gateway_id: string }) => dataProvider.gatewayCertificate(gateway.id),
    onSuccess: (certificate, gateway) => {
      for (const file of certificateFiles(gateway.gateway_id, certificate)) downloadText(file.filename, file.text);
    },
    onError: notifyFailure,
  });
  if (!record) return null;
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={download.isPending} onClick={(event) => (event.stopPropagation(), download.mutate(record))}>
      {translate('app.gateways.download_certificate')}
    </Button>
  );
}
