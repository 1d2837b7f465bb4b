import type { ReactNode } from 'react';
import { List, ListItem, ListItemText, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { usePhone } from '../common/PhoneOrGrid';

export interface OperatorColumn<Row> {
  label: string;
  /** The API's ordering field when the column sorts (its descending form is `-field`). */
  sort?: string;
  align?: 'left' | 'right';
  render: (row: Row) => ReactNode;
}

interface OperatorTableProps<Row extends { id: string }> {
  label: string;
  rows: Row[];
  columns: OperatorColumn<Row>[];
  ordering: string;
  onOrdering: (ordering: string) => void;
  /** A phone shows a card per row: its title, one line of the figures that matter most, and the action. */
  primary: (row: Row) => ReactNode;
  secondary: (row: Row) => ReactNode;
  action?: (row: Row) => ReactNode;
}

/** A back-office list (tenants, users): a table sorted in the API on a desktop, cards on a phone. */
export function OperatorTable<Row extends { id: string }>({ label, rows, columns, ordering, onOrdering, primary, secondary, action }: OperatorTableProps<Row>) {
  const phone = usePhone();
  const sortedBy = ordering.replace('-', '');
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';

  if (phone) {
    return (
      <List dense aria-label={label}>
        {rows.map((row) => (
          <ListItem key={row.id} divider secondaryAction={action?.(row)} sx={action ? { pr: 16 } : undefined}>
            {/* The line may hold chips (blocks): a div, not a paragraph. */}
            <ListItemText primary={primary(row)} secondary={secondary(row)} slotProps={{ secondary: { component: 'div' } }} />
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align} sortDirection={column.sort === sortedBy ? direction : false}>
                {column.sort ? (
                  <TableSortLabel
                    active={column.sort === sortedBy}
                    direction={column.sort === sortedBy ? direction : 'asc'}
                    onClick={() => onOrdering(column.sort === sortedBy && direction === 'asc' ? `-${column.sort}` : (column.sort ?? ''))}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
            {action && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align}>
                  {column.render(row)}
                </TableCell>
              ))}
              {action && <TableCell>{action(row)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
