import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { List, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { DateField } from '../common/fields';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { ListError } from '../common/ListError';
import { SecretDialog } from '../common/SecretDialog';
import type { Webhook } from '../types/api';
import { RotateSecretButton } from './RotateSecretButton';
import { WebhookCreateButton } from './WebhookCreateButton';
import { WebhookDeliveries } from './WebhookDeliveries';
import { SendTestEventButton } from './SendTestEventButton';
import { WebhookEditButton } from './WebhookEditButton';
import { WebhookEnabledSwitch } from './WebhookEnabledSwitch';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { RecordCards } from '../common/RecordCards';

const SECRET_LABELS = {
  title: 'app.webhooks.secret_title',
  once: 'app.webhooks.secret_once',
  copy: 'app.webhooks.copy',
  copied: 'app.webhooks.copied',
  close: 'app.webhooks.close',
};

function DeleteWebhookButton() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  if (!record) return null;
  return <ConfirmDeleteButton confirmTitle={translate('app.webhooks.delete_title', { url: record.url })} />;
}

function Deliveries() {
  const record = useRecordContext<Webhook>();
  return record ? <WebhookDeliveries record={record} /> : null;
}

/**
 * The selected company's webhooks: decoded uplinks posted to its URLs, each signed with the
 * webhook's secret (shown once after create or rotate); a row expands to its latest deliveries.
 */
export function WebhookList() {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const actions = (
    <TopToolbar>
      <WebhookCreateButton onCreated={setSecret} />
    </TopToolbar>
  );
  const empty = (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography color="text.secondary" gutterBottom>
        {translate('app.webhooks.empty')}
      </Typography>
      <WebhookCreateButton onCreated={setSecret} />
    </Box>
  );
  return (
    <>
      <List error={<ListError />} actions={actions} empty={empty} exporter={false} pagination={false} perPage={100}>
        <PhoneOrGrid
          phone={
            // On a phone the card carries the switch and every action; the deliveries stay on the desktop's expanded row.
            <RecordCards<Webhook>
              title={(webhook) => webhook.url}
              details={<DateField source="created_at" />}
              actions={
                <>
                  <WebhookEnabledSwitch />
                  <WebhookEditButton />
                  <SendTestEventButton />
                  <RotateSecretButton onRotated={setSecret} />
                  <DeleteWebhookButton />
                </>
              }
            />
          }
          grid={
            <KeyboardDataTable bulkActionButtons={false} rowClick="expand" expand={<Deliveries />}>
              <KeyboardDataTable.Col source="url" sx={{ wordBreak: 'break-all' }} />
              <KeyboardDataTable.Col source="header_name">
                <TextField source="header_name" emptyText="–" />
              </KeyboardDataTable.Col>
              <KeyboardDataTable.Col label="resources.webhooks.fields.enabled">
                <WebhookEnabledSwitch />
              </KeyboardDataTable.Col>
              <KeyboardDataTable.Col source="created_at" field={DateField} />
              <KeyboardDataTable.Col>
                <WebhookEditButton />
                <SendTestEventButton />
                <RotateSecretButton onRotated={setSecret} />
                <DeleteWebhookButton />
              </KeyboardDataTable.Col>
            </KeyboardDataTable>
          }
        />
      </List>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} labels={SECRET_LABELS} testId="webhook-secret" />
    </>
  );
}
