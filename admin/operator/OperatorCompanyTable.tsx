import {
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import { usePhone } from '../common/PhoneOrGrid';
import type { OperatorCompany, OperatorCompanyOrdering } from '../types/api';

type Sortable = 'name' | 'devices' | 'created_at';

interface OperatorCompanyTableProps {
  companies: OperatorCompany[];
  ordering: OperatorCompanyOrdering;
  onOrdering: (ordering: OperatorCompanyOrdering) => void;
  onManage: (company: OperatorCompany) => void;
}

/** The companies of the back-office: a sortable table, on a phone a list with the figures that matter most. */
export function OperatorCompanyTable({ companies, ordering, onOrdering, onManage }: OperatorCompanyTableProps) {
  const translate = useTranslate();
  const format = useFormatters();
  const phone = usePhone();
  const sortedBy = ordering.replace('-', '') as Sortable;
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  const header = (column: Sortable, label: string, align: 'left' | 'right' = 'left') => (
    <TableCell align={align} sortDirection={sortedBy === column ? direction : false}>
      <TableSortLabel
        active={sortedBy === column}
        direction={sortedBy === column ? direction : 'asc'}
        onClick={() => onOrdering(sortedBy === column && direction === 'asc' ? `-${column}` : column)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  const override = (value: number | null) => (value === null ? translate('app.operator.plan_default') : format.number(value));
  const status = (company: OperatorCompany) =>
    company.suspended_at ? (
      <Tooltip title={company.suspension_reason ?? ''}>
        <Chip size="small" color="error" label={translate('app.operator.suspended')} />
      </Tooltip>
    ) : (
      <Chip size="small" variant="outlined" label={translate('app.operator.active')} />
    );
  const manage = (company: OperatorCompany) => (
    <Button size="small" onClick={() => onManage(company)} aria-label={translate('app.operator.manage_company', { name: company.name })}>
      {translate('app.operator.manage')}
    </Button>
  );

  if (phone) {
    return (
      <List dense aria-label={translate('app.operator.companies')}>
        {companies.map((company) => (
          <ListItem key={company.id} divider secondaryAction={manage(company)}>
            <ListItemText
              primary={company.name}
              // The status chip is a block: the line must be a div, not a paragraph.
              slotProps={{ secondary: { component: 'div' } }}
              secondary={
                <>
                  {translate(`app.usage.plans.${company.plan}`)} · {translate('app.operator.devices')}: {format.number(company.devices)} ·{' '}
                  {translate('app.operator.tokens')}: {format.number(company.tokens_this_month)} {status(company)}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {header('name', translate('app.operator.name'))}
            <TableCell>{translate('app.operator.plan')}</TableCell>
            {header('devices', translate('app.operator.devices'), 'right')}
            <TableCell align="right">{translate('app.operator.members')}</TableCell>
            <TableCell align="right">{translate('app.operator.tokens')}</TableCell>
            <TableCell>{translate('app.operator.device_limit')}</TableCell>
            <TableCell>{translate('app.operator.token_quota')}</TableCell>
            <TableCell>{translate('app.operator.status')}</TableCell>
            {header('created_at', translate('app.operator.created'))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {companies.map((company) => (
            <TableRow key={company.id}>
              <TableCell component="th" scope="row">
                {company.name}
              </TableCell>
              <TableCell>{translate(`app.usage.plans.${company.plan}`)}</TableCell>
              <TableCell align="right">{format.number(company.devices)}</TableCell>
              <TableCell align="right">{format.number(company.members)}</TableCell>
              <TableCell align="right">{format.number(company.tokens_this_month)}</TableCell>
              <TableCell>{override(company.device_limit)}</TableCell>
              <TableCell>{override(company.token_quota)}</TableCell>
              <TableCell>{status(company)}</TableCell>
              <TableCell>{format.date(company.created_at)}</TableCell>
              <TableCell>{manage(company)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
