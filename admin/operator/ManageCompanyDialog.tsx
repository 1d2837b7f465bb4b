import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { CompanyMembers } from './CompanyMembers';
import { MAX_PLAN_OVERRIDE, MAX_SUSPENSION_REASON, PLANS, type OperatorCompany, type Plan } from '../types/api';

/** An override as typed: empty is the plan's own figure (null), else a whole number within bounds; undefined: not valid. */
export function parseOverride(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= MAX_PLAN_OVERRIDE ? value : undefined;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

interface ManageCompanyDialogProps {
  company: OperatorCompany;
  onClose: () => void;
}

/** One company in the back-office: its plan and overrides, its suspension with the reason its users will read, its members. */
export function ManageCompanyDialog({ company, onClose }: ManageCompanyDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<Plan>(company.plan);
  const [deviceLimit, setDeviceLimit] = useState(asText(company.device_limit));
  const [tokenQuota, setTokenQuota] = useState(asText(company.token_quota));
  const [reason, setReason] = useState('');
  const limit = parseOverride(deviceLimit);
  const quota = parseOverride(tokenQuota);
  const done = (message: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: ['operatorCompanies'] });
    notify(message, { type: 'success', messageArgs: { name: company.name } });
    onClose();
  };
  const save = useMutation({
    mutationFn: () => dataProvider.updateOperatorCompany(company.id, { plan, device_limit: limit ?? null, token_quota: quota ?? null }),
    onSuccess: done('app.operator.saved'),
  });
  const suspend = useMutation({ mutationFn: () => dataProvider.suspendCompany(company.id, reason.trim()), onSuccess: done('app.operator.suspended_notice') });
  const resume = useMutation({ mutationFn: () => dataProvider.resumeCompany(company.id), onSuccess: done('app.operator.resumed_notice') });
  const failed = save.error ?? suspend.error ?? resume.error;
  const busy = save.isPending || suspend.isPending || resume.isPending;
  const overrideHelp = (value: number | null | undefined) =>
    value === undefined ? translate('app.operator.override_invalid', { max: MAX_PLAN_OVERRIDE }) : translate('app.operator.override_help');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="manage-company-title">
      <DialogTitle id="manage-company-title">{translate('app.operator.manage_company', { name: company.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failed && <Alert severity="error">{describeError(failed, translate, 'app.errors.general')}</Alert>}
          <TextField select label={translate('app.operator.plan')} value={plan} onChange={(event) => setPlan(event.target.value as Plan)}>
            {PLANS.map((option) => (
              <MenuItem key={option} value={option}>
                {translate(`app.usage.plans.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('app.operator.device_limit')}
            value={deviceLimit}
            onChange={(event) => setDeviceLimit(event.target.value)}
            error={limit === undefined}
            helperText={overrideHelp(limit)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={translate('app.operator.token_quota')}
            value={tokenQuota}
            onChange={(event) => setTokenQuota(event.target.value)}
            error={quota === undefined}
            helperText={overrideHelp(quota)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button
            variant="contained"
            disabled={busy || limit === undefined || quota === undefined}
            onClick={() => save.mutate()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate('app.operator.save')}
          </Button>
          <Divider />
          {company.suspended_at ? (
            <>
              <Typography>{translate('app.operator.suspended_because', { reason: company.suspension_reason ?? '' })}</Typography>
              <Button variant="outlined" disabled={busy} onClick={() => resume.mutate()} sx={{ alignSelf: 'flex-start' }}>
                {translate('app.operator.resume')}
              </Button>
            </>
          ) : (
            <>
              <TextField
                label={translate('app.operator.reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                helperText={translate('app.operator.reason_help')}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: MAX_SUSPENSION_REASON } }}
              />
              <Button
                color="error"
                variant="outlined"
                disabled={busy || reason.trim() === ''}
                onClick={() => suspend.mutate()}
                sx={{ alignSelf: 'flex-start' }}
              >
                {translate('app.operator.suspend')}
              </Button>
            </>
          )}
          <Divider />
          <CompanyMembers companyId={company.id} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
