import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { certificateFiles, downloadText } from './download';
import type { GatewayCertificate } from '../types/api';

/** The broker address and the CA certificate, TLS certificate and key, each to copy or download. */
export function CertificateFiles({ gatewayId, certificate }: { gatewayId: string; certificate: GatewayCertificate }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(key);
    } catch (error) {
      console.warn('Clipboard not available', error);
    }
  };
  return (
    <Stack spacing={2}>
      <TextField label={translate('app.gateways.server')} value={certificate.server} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
      {certificateFiles(gatewayId, certificate).map((file) => (
        <Box key={file.key}>
          <Typography variant="subtitle2">{translate(`app.gateways.${file.key}`)}</Typography>
          <TextField
            value={file.text}
            multiline
            maxRows={4}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'aria-label': translate(`app.gateways.${file.key}`), style: { fontFamily: 'monospace', fontSize: 12 } } }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(file.key, file.text)}>
              {translate(copied === file.key ? 'app.gateways.copied' : 'app.gateways.copy')}
            </Button>
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadText(file.filename, file.text)}>
              {translate('app.gateways.download_file', { name: file.filename })}
            </Button>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
