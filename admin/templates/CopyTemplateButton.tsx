import { Button, Chip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { Permitted } from '../common/Permitted';

/** 'Copy to my company', or the label 'Already added' once the company has the template (spec §2). */
export function CopyTemplateButton() {
  const record = useRecordContext<{ id: string; already_added: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const copy = useMutation({
    mutationFn: (templateId: string) => dataProvider.copyTemplate(templateId),
    onSuccess: () => {
      notify('app.profiles.copied', { type: 'success' });
      refresh();
    },
    onError: notifyFailure,
  });
  if (!record) return null;
  if (record.already_added) return <Chip size="small" color="success" label={translate('app.profiles.already_added')} />;
  return (
    <Permitted action="POST /template/:company_id/:template_id">
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        disabled={copy.isPending}
        onClick={(event) => (event.stopPropagation(), copy.mutate(record.id))}
      >
        {translate('app.profiles.copy_to_company')}
      </Button>
    </Permitted>
  );
}
