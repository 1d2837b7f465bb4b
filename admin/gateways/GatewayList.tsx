import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BooleanField, Datagrid, DateField, TextField, TopToolbar, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { TimestampOrNever } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { DownloadCertificateButton } from './DownloadCertificateButton';
import { isExpiringSoon } from './expiry';
import { SetupWizard } from './SetupWizard';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

/** Certificate expiry, highlighted when it is within 30 days (or past). */
function CertificateExpiry(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ cert_expires_at: string | null }>();
  const translate = useTranslate();
  if (!record?.cert_expires_at) return <>—</>;
  const soon = isExpiringSoon(record.cert_expires_at, new Date());
  return (
    <span style={soon ? { color: '#d32f2f', fontWeight: 600 } : undefined} title={soon ? translate('app.gateways.expiring_soon') : undefined}>
      <DateField source="cert_expires_at" />
      {soon && ` · ${translate('app.gateways.expiring_soon')}`}
    </span>
  );
}

function Actions({ onSetup }: { onSetup: () => void }) {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button startIcon={<AddIcon />} onClick={onSetup}>
        {translate('app.gateways.set_up')}
      </Button>
    </TopToolbar>
  );
}

function Empty({ onSetup }: { onSetup: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography color="text.secondary" gutterBottom>
        {translate('app.gateways.empty')}
      </Typography>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onSetup}>
        {translate('app.gateways.set_up')}
      </Button>
    </Box>
  );
}

export function GatewayList() {
  const [wizardOpen, setWizardOpen] = useState(false);
  const refresh = useRefresh();
  return (
    <>
      <ConsoleList actions={<Actions onSetup={() => setWizardOpen(true)} />} empty={<Empty onSetup={() => setWizardOpen(true)} />}>
        <Datagrid bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="gateway_id" sx={{ fontFamily: 'monospace' }} />
          <BooleanField source="connected" />
          <TimestampOrNever source="last_seen" />
          <CertificateExpiry label="resources.gateways.fields.cert_expires_at" />
          <DownloadCertificateButton />
          <ConfirmDeleteButton />
        </Datagrid>
      </ConsoleList>
      <SetupWizard
        open={wizardOpen}
        onClose={() => {
          setWizardOpen(false);
          refresh();
        }}
      />
    </>
  );
}
