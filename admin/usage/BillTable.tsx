import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import { PRICING, type BillPreview } from '../types/api';

/** The month's projected bill, one row per line, itemised as the marketing calculator itemises a quote. */
export function BillTable({ bill }: { bill: BillPreview }) {
  const translate = useTranslate();
  const format = useFormatters();
  const euro = (value: number) => format.number(value, { style: 'currency', currency: PRICING.currency });
  return (
    <Table size="small" aria-label={translate('app.usage.bill')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.usage.item')}</TableCell>
          <TableCell align="right">{translate('app.usage.quantity')}</TableCell>
          <TableCell align="right">{translate('app.usage.unit_price')}</TableCell>
          <TableCell align="right">{translate('app.usage.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {bill.lines.map((line) => (
          <TableRow key={line.key} data-testid={`bill-${line.key}`}>
            <TableCell component="th">{translate(`app.usage.lines.${line.key}`)}</TableCell>
            <TableCell align="right">{format.number(line.quantity)}</TableCell>
            <TableCell align="right">{euro(line.unitPrice)}</TableCell>
            <TableCell align="right">{euro(line.amount)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" colSpan={3}>
            <strong>{translate(bill.months === 12 ? 'app.usage.total_year' : 'app.usage.total_month')}</strong>
          </TableCell>
          <TableCell align="right" data-testid="bill-total">
            <strong>{euro(bill.recurring)}</strong>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
