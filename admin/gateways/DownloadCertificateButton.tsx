import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
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
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const download = async () => {
    setBusy(true);
    try {
      const certificate = await dataProvider.gatewayCertificate(record.id);
      for (const file of certificateFiles(record.gateway_id, certificate)) downloadText(file.filename, file.text);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={(event) => (event.stopPropagation(), void download())}>
      {translate('app.gateways.download_certificate')}
    </Button>
  );
}
