import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';

/** 'Copy to my company', or the label 'Already added' once the company has the template (spec §2). */
export function CopyTemplateButton(_props: { label?: string }) {
  const record = useRecordContext<{ id: string; already_added: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  if (record.already_added) return <Chip size="small" color="success" label={translate('app.profiles.already_added')} />;
  const copy = async () => {
    setBusy(true);
    try {
      await dataProvider.copyTemplate(record.id);
      notify('app.profiles.copied', { type: 'success' });
      refresh();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} disabled={busy} onClick={(event) => (event.stopPropagation(), void copy())}>
      {translate('app.profiles.copy_to_company')}
    </Button>
  );
}
