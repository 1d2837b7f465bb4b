import { useState } from 'react';
import { Button } from '@mui/material';
import { Permitted } from '../common/Permitted';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { certificateArchive, downloadArchive } from './download';
import { useNotifyFailure } from '../common/useNotifyFailure';

type GatewayRecord = { id: string; gateway_id: string; name: string };

/**
 * Issues a new certificate for the gateway, after confirmation, and saves the CA, certificate and
 * key with a README as one zip. The key exists only in this answer, and the gateway's certificate in use
 * stops working at once, so the user is asked first.
 */
export function DownloadCertificateButton() {
  const record = useRecordContext<GatewayRecord>();
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const download = useMutation({
    mutationFn: (gateway: GatewayRecord) => dataProvider.issueGatewayCertificate(gateway.id),
    onSuccess: (certificate, gateway) => {
      const readme = translate('app.gateways.bundle_readme', {
        gateway_id: gateway.gateway_id,
        server: certificate.server,
        expires_at: certificate.expires_at,
      });
      downloadArchive(certificateArchive(gateway.gateway_id, certificate, readme));
      // The list shows the new expiry.
      refresh();
    },
    onError: notifyFailure,
    onSettled: () => setOpen(false),
  });
  if (!record) return null;
  return (
    <>
      <Permitted action="POST /gateway/:id/cert">
        <Button size="small" startIcon={<DownloadIcon />} disabled={download.isPending} onClick={(event) => (event.stopPropagation(), setOpen(true))}>
          {translate('app.gateways.download_certificate')}
        </Button>
      </Permitted>
      <Confirm
        isOpen={open}
        loading={download.isPending}
        title={translate('app.gateways.reissue_title', { name: record.name || record.gateway_id })}
        content={translate('app.gateways.reissue_content')}
        onConfirm={() => download.mutate(record)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
