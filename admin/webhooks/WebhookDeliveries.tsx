import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Section } from '../common/Section';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';
import type { Webhook, WebhookDelivery } from '../types/api';
import { useFormatters } from '../common/format';

const STATUS_COLOUR = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

/** Why a delivery was not delivered, in the reader's language: the server sends our own category codes only. */
function failureText(delivery: WebhookDelivery, translate: (key: string, options?: object) => string): string {
  if (!delivery.last_error) return '';
  const text = translate(`app.server.webhook.${delivery.last_error}`, { _: delivery.last_error });
  return delivery.response_status !== null ? `${text} (HTTP ${delivery.response_status})` : text;
}

/** A webhook's latest deliveries (the list's expanded row): when, state, attempts, how long the last took, why one failed and when it is tried again. */
export function WebhookDeliveries({ record }: { record: Webhook }) {
  const translate = useTranslate();
  const format = useFormatters();
  const dataProvider = useDataProvider<AppDataProvider>();
  const deliveries = useApiQuery({ queryKey: ['webhooks', 'deliveries', record.id], queryFn: () => dataProvider.webhookDeliveries(record.id) });
  const rows = deliveries.data ?? [];
  return (
    <Section
      title={translate('app.webhooks.deliveries')}
      load={deliveries}
      isEmpty={rows.length === 0}
      emptyText={translate('app.webhooks.no_deliveries')}
      errorText={translate('app.webhooks.deliveries_error')}
    >
      <Table size="small" sx={{ overflowX: 'auto', display: { xs: 'block', sm: 'table' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.webhooks.queued')}</TableCell>
            <TableCell>{translate('app.webhooks.status')}</TableCell>
            <TableCell>{translate('app.webhooks.attempts')}</TableCell>
            <TableCell align="right">{translate('app.webhooks.duration')}</TableCell>
            <TableCell>{translate('app.webhooks.reason')}</TableCell>
            <TableCell>{translate('app.webhooks.next_attempt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>{format.dateTime(delivery.created_at)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STATUS_COLOUR[delivery.status as keyof typeof STATUS_COLOUR] ?? 'default'}
                  label={translate(`app.webhooks.state.${delivery.status}`, { _: delivery.status })}
                />
              </TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell align="right">
                {delivery.duration_ms === null ? '–' : translate('app.webhooks.duration_ms', { ms: format.number(delivery.duration_ms) })}
              </TableCell>
              <TableCell>{failureText(delivery, translate)}</TableCell>
              <TableCell>{delivery.status === 'pending' ? format.dateTime(delivery.next_attempt_at) : '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
