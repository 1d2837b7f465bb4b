import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { DateField } from '../common/fields';
import { NewKeyButton, NewKeyDialog } from './NewKey';
import { RegenerateButton } from './RegenerateButton';
import { SecretDialog } from '../common/SecretDialog';
import { ListError } from '../common/ListError';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import type { ApiKey } from '../types/api';
import { useCompanyState } from '../stores/hooks';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { CardFact, RecordCards } from '../common/RecordCards';

/** 'expired', the expiry date, or 'never' for a key without one (spec §2). */
export function ExpiryText({ record }: { record: ApiKey }) {
  const translate = useTranslate();
  if (record.expired)
    return (
      <Typography color="error" variant="body2">
        {translate('app.api_keys.expired')}
      </Typography>
    );
  if (!record.expiresAt) return <>{translate('app.api_keys.never_expires')}</>;
  return <DateField source="expiresAt" record={record} showTime />;
}

/** The company a key reaches (or all of its owner's) and whether it only reads (issue #15). */
export function ScopeText({ record }: { record: ApiKey }) {
  const translate = useTranslate();
  const { companies } = useCompanyState();
  const company = record.company_id ? (companies.find((c) => c.id === record.company_id)?.name ?? record.company_id) : translate('app.api_keys.all_companies');
  return (
    <>
      {company} · {translate(record.read_only ? 'app.api_keys.read_only' : 'app.api_keys.read_write')}
    </>
  );
}

/** Last use, or 'never used'. */
export function LastUsedText({ record }: { record: ApiKey }) {
  const translate = useTranslate();
  if (!record.last_used) return <>{translate('app.api_keys.never_used')}</>;
  return <DateField source="last_used" record={record} showTime />;
}

function DeleteKeyButton() {
  const record = useRecordContext<ApiKey>();
  const translate = useTranslate();
  if (!record) return null;
  return <ConfirmDeleteButton confirmTitle={translate('app.api_keys.delete_title', { name: record.name })} />;
}

const SECRET_LABELS = {
  title: 'app.api_keys.key_title',
  once: 'app.api_keys.key_once',
  copy: 'app.api_keys.copy',
  copied: 'app.api_keys.copied',
  close: 'app.api_keys.close',
};

/** API keys (spec §2): list, new key shown once, regenerate and delete with confirmation. */
export function ApiKeyList() {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const create = () => setCreating(true);
  const actions = (
    <TopToolbar>
      <NewKeyButton onClick={create} />
    </TopToolbar>
  );
  const empty = (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography color="text.secondary" gutterBottom>
        {translate('app.api_keys.empty')}
      </Typography>
      <NewKeyButton onClick={create} />
    </Box>
  );
  return (
    <>
      <List error={<ListError />} actions={actions} empty={empty} exporter={false} pagination={false} perPage={1000}>
        <PhoneOrGrid
          phone={
            <RecordCards<ApiKey>
              title={(record) => record.name}
              details={
                <FunctionField<ApiKey>
                  render={(record) => (
                    <>
                      <ScopeText record={record} />
                      {' · '}
                      <CardFact label="resources.api-keys.fields.expiresAt">
                        <ExpiryText record={record} />
                      </CardFact>
                    </>
                  )}
                />
              }
              actions={
                <>
                  <RegenerateButton onRegenerated={setSecret} />
                  <DeleteKeyButton />
                </>
              }
            />
          }
          grid={
            <Datagrid bulkActionButtons={false}>
              <TextField source="name" />
              <FunctionField label={translate('app.api_keys.scope')} render={(record: ApiKey) => <ScopeText record={record} />} />
              <FunctionField source="expiresAt" render={(record: ApiKey) => <ExpiryText record={record} />} />
              <FunctionField source="last_used" render={(record: ApiKey) => <LastUsedText record={record} />} />
              <DateField source="created_at" />
              <RegenerateButton onRegenerated={setSecret} />
              <DeleteKeyButton />
            </Datagrid>
          }
        />
      </List>
      <NewKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} labels={SECRET_LABELS} testId="api-key-secret" />
    </>
  );
}
