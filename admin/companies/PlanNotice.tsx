import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PlanFields } from './plan';

/** The company's plan and what it means for its data; the operator changes it, not the user. */
export function PlanNotice() {
  const translate = useTranslate();
  const record = useRecordContext<PlanFields & { id: string }>();
  if (!record?.plan) return null;
  const retention =
    record.sample_retention_days === null
      ? translate('app.companies.retention_forever')
      : translate('app.companies.retention_days', { days: record.sample_retention_days });
  return (
    <Alert severity="info" sx={{ mx: 2, mb: 2 }}>
      {translate('app.companies.plan_notice', { plan: translate(`app.companies.plans.${record.plan}`), retention })}
    </Alert>
  );
}
