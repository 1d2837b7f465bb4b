import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BooleanField, SimpleList, TopToolbar, useExpanded, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { ColumnChooser, KeyboardDataTable } from '../common/KeyboardDataTable';
import { DateField, TimestampOrNever } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { DownloadCertificateButton } from './DownloadCertificateButton';
import { isExpiringSoon } from './expiry';
import { SetupWizard } from './SetupWizard';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { Permitted } from '../common/Permitted';
import { SyncStatusChip } from '../network/SyncStatusChip';
import { SyncStatusPanel } from '../network/SyncStatusPanel';
import type { WithSyncStatus } from '../network/syncText';
import { useListCarriesSync } from '../network/useListCarriesSync';
import { useListLivePoll } from '../network/pollWhilePending';

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
      <ColumnChooser />
      <Permitted action="POST /gateway/">
        <Button startIcon={<AddIcon />} onClick={onSetup}>
          {translate('app.gateways.set_up')}
        </Button>
      </Permitted>
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
      <Permitted action="POST /gateway/">
        <Button variant="contained" startIcon={<AddIcon />} onClick={onSetup}>
          {translate('app.gateways.set_up')}
        </Button>
      </Permitted>
    </Box>
  );
}

/** The sync chip as the button that opens the row's sync details: react-admin's expand icon is hidden from keyboards and screen readers. */
function SyncDetailsChip(_props: { label?: string }) {
  const record = useRecordContext<WithSyncStatus>();
  const resource = useResourceContext() ?? 'gateways';
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '');
  if (!record) return null;
  // The id of the row's expand panel, as react-admin's DataTableRow names it.
  return <SyncStatusChip details={{ expanded, controls: `${resource}-${record.id}-expand`, onToggle: toggle }} />;
}

/**
 * Gateways have no edit page (the wizard registers them), so a row expands to show where the
 * gateway stands in the network server, with its retry; only where a network server is linked.
 */
function GatewayGrid() {
  const synced = useListCarriesSync();
  return (
    <KeyboardDataTable
      rowClick="show"
      bulkActionButtons={false}
      expand={synced ? <SyncStatusPanel kind="gateway" /> : undefined}
      isRowExpandable={(record: WithSyncStatus) => record.network_sync !== undefined}
    >
      <KeyboardDataTable.Col source="name" />
      <KeyboardDataTable.Col source="gateway_id" sx={{ fontFamily: 'monospace' }} />
      <KeyboardDataTable.Col source="connected" field={BooleanField} />
      <KeyboardDataTable.Col source="last_seen">
        <TimestampOrNever source="last_seen" />
      </KeyboardDataTable.Col>
      <KeyboardDataTable.Col label="resources.gateways.fields.cert_expires_at">
        <CertificateExpiry />
      </KeyboardDataTable.Col>
      {synced && (
        <KeyboardDataTable.Col label="app.network.title">
          <SyncDetailsChip />
        </KeyboardDataTable.Col>
      )}
      <KeyboardDataTable.Col>
        <DownloadCertificateButton />
      </KeyboardDataTable.Col>
      <KeyboardDataTable.Col>
        <ConfirmDeleteButton />
      </KeyboardDataTable.Col>
    </KeyboardDataTable>
  );
}

type GatewayRecord = { id: string; name: string; gateway_id: string; connected: boolean };

/** Connected or not, in words (a card has no column header to explain a tick). */
function ConnectionText() {
  const record = useRecordContext<GatewayRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(record.connected ? 'app.gateways.connected_now' : 'app.gateways.disconnected_now')}</>;
}

/** A gateway as a card on a phone: its name, whether it is connected, when it was last seen; tapping opens it. */
function GatewayCards() {
  return (
    <SimpleList<GatewayRecord>
      primaryText={(record) => record.name || record.gateway_id}
      secondaryText={<ConnectionText />}
      tertiaryText={<TimestampOrNever source="last_seen" />}
      linkType="show"
    />
  );
}

export function GatewayList() {
  const livePoll = useListLivePoll();
  const [wizardOpen, setWizardOpen] = useState(false);
  const refresh = useRefresh();
  return (
    <>
      <ConsoleList actions={<Actions onSetup={() => setWizardOpen(true)} />} empty={<Empty onSetup={() => setWizardOpen(true)} />} queryOptions={livePoll}>
        <PhoneOrGrid phone={<GatewayCards />} grid={<GatewayGrid />} />
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
