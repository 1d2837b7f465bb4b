import { useState } from 'react';
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useApiQuery } from '../common/useApiQuery';
import { useFormatters } from '../common/format';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { useCompanyState } from '../stores/hooks';
import type { Billing, Usage } from '../types/api';
import { BillTable } from './BillTable';

/** The marketing site's pricing page, served on the same origin. */
const PRICING_PAGE = '/pricing/';

/**
 * Usage (issue #17): the selected company's plan, devices against the limit, API tokens against the
 * month's quota with a daily chart, how long data is kept, the month's projected bill and 12 months.
 */
export function UsagePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedCompanyId } = useCompanyState();
  const [billing, setBilling] = useState<Billing>('monthly');
  const usage = useApiQuery({
    queryKey: ['usage', selectedCompanyId],
    queryFn: () => dataProvider.usage(selectedCompanyId ?? ''),
    enabled: Boolean(selectedCompanyId),
  });
  const bill = useApiQuery({
    queryKey: ['billPreview', selectedCompanyId, billing],
    queryFn: () => dataProvider.billPreview(selectedCompanyId ?? '', billing),
    enabled: Boolean(selectedCompanyId),
  });
  const failed = usage.error ?? bill.error;

  return (
    <>
      <Title title={translate('app.usage.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.usage.title')}
      </Typography>
      {!selectedCompanyId ? (
        <Typography color="text.secondary">{translate('app.usage.no_company')}</Typography>
      ) : failed ? (
        <Alert severity="error">{describeError(failed, translate, 'app.errors.general')}</Alert>
      ) : !usage.data || !bill.data ? (
        <LinearProgress />
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <UsageFigures usage={usage.data} />
          <Paper sx={{ p: 2 }} component="section" aria-label={translate('app.usage.bill')}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="h6">{translate('app.usage.bill')}</Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={billing}
                onChange={(_, value: Billing | null) => value && setBilling(value)}
                aria-label={translate('app.usage.billing')}
              >
                <ToggleButton value="monthly">{translate('app.usage.monthly')}</ToggleButton>
                <ToggleButton value="yearly">{translate('app.usage.yearly')}</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            <BillTable bill={bill.data} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              <Link href={PRICING_PAGE}>{translate('app.usage.pricing_link')}</Link>
            </Typography>
          </Paper>
          <History usage={usage.data} />
        </Stack>
      )}
    </>
  );
}

function UsageFigures({ usage }: { usage: Usage }) {
  const translate = useTranslate();
  const format = useFormatters();
  const { devices, tokens } = usage;
  const rows: [string, string][] = [
    [
      translate('app.usage.devices'),
      devices.limit === null
        ? translate('app.usage.devices_unlimited', { count: format.number(devices.count) })
        : translate('app.usage.devices_of', { count: format.number(devices.count), limit: format.number(devices.limit) }),
    ],
    [
      translate('app.usage.retention'),
      usage.sample_retention_days === null
        ? translate('app.usage.retention_forever')
        : translate('app.usage.retention_days', { days: usage.sample_retention_days }),
    ],
    [translate('app.usage.tokens'), translate('app.usage.tokens_of', { used: format.number(tokens.used), quota: format.number(tokens.quota) })],
  ];
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6">{translate('app.usage.plan')}:</Typography>
        <Chip color="primary" label={translate(`app.usage.plans.${usage.plan}`)} data-testid="usage-plan" />
        {usage.suspended && <Chip color="error" label={translate('app.usage.suspended')} />}
      </Stack>
      <Table size="small">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th">{label}</TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <LinearProgress
        variant="determinate"
        value={tokens.quota > 0 ? Math.min(100, (tokens.used / tokens.quota) * 100) : 100}
        // A meter needs a name to be announced as more than 'progress bar' (WCAG 4.1.2).
        aria-label={translate('app.usage.tokens')}
        sx={{ my: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(tokens.overage ? 'app.usage.tokens_billed' : 'app.usage.tokens_refused')} {translate('app.usage.not_billed')}
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('app.usage.daily')}
      </Typography>
      {tokens.daily.length === 0 ? (
        <Typography color="text.secondary">{translate('app.usage.no_tokens')}</Typography>
      ) : (
        <Box sx={{ height: 180 }}>
          <ResponsiveContainer>
            <BarChart data={tokens.daily}>
              <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(8)} />
              <YAxis allowDecimals={false} width={60} />
              <Tooltip />
              <Bar dataKey="tokens" fill="#3B82F6" />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

function History({ usage }: { usage: Usage }) {
  const translate = useTranslate();
  const format = useFormatters();
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={translate('app.usage.history')}>
      <Typography variant="h6">{translate('app.usage.history')}</Typography>
      <Table size="small">
        <TableBody>
          {usage.history.map((month) => (
            <TableRow key={month.month}>
              <TableCell component="th">{month.month}</TableCell>
              <TableCell align="right">{format.number(month.tokens)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
