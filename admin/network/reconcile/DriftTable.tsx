import {
  Box,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Drift } from '../../types/api';
import { driftId, problemText } from './driftText';

export interface DriftSelection {
  isSelected: (drift: Drift) => boolean;
  toggle: (drift: Drift) => void;
  /** How many of the listed differences are selected. */
  count: number;
  toggleAll: () => void;
}

const KEY_STYLE = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/**
 * The differences with a checkbox each: a table on wider screens; on a phone, where four columns
 * do not fit, a list whose entries carry the same facts under the name.
 */
export function DriftTable({ drift, selection }: { drift: Drift[]; selection: DriftSelection }) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = translate('app.network.reconcile.differences');
  const all = selection.count === drift.length;
  const selectAll = (
    <Checkbox
      checked={all}
      indeterminate={selection.count > 0 && !all}
      onChange={selection.toggleAll}
      slotProps={{ input: { 'aria-label': translate('app.network.reconcile.select_all') } }}
    />
  );
  const select = (item: Drift) => (
    <Checkbox
      checked={selection.isSelected(item)}
      onChange={() => selection.toggle(item)}
      slotProps={{ input: { 'aria-label': translate('app.network.reconcile.select', { name: item.name }) } }}
    />
  );
  const kind = (item: Drift) => translate(`app.network.reconcile.kinds.${item.kind}`);

  if (phone) {
    return (
      <Paper>
        <Box sx={{ px: 1 }}>
          <FormControlLabel control={selectAll} label={translate('app.network.reconcile.select_all')} />
        </Box>
        <List aria-label={label} dense>
          {drift.map((item) => (
            <ListItem key={driftId(item)} divider alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 0, mr: 1 }}>{select(item)}</ListItemIcon>
              <ListItemText
                primary={item.name}
                secondary={
                  <>
                    {kind(item)} ·{' '}
                    <Box component="span" sx={KEY_STYLE}>
                      {item.key}
                    </Box>
                    <br />
                    {problemText(translate, item)}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">{selectAll}</TableCell>
            <TableCell>{translate('app.network.reconcile.columns.kind')}</TableCell>
            <TableCell>{translate('app.network.reconcile.columns.name')}</TableCell>
            <TableCell>{translate('app.network.reconcile.columns.key')}</TableCell>
            <TableCell>{translate('app.network.reconcile.columns.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {drift.map((item) => (
            <TableRow key={driftId(item)} hover selected={selection.isSelected(item)}>
              <TableCell padding="checkbox">{select(item)}</TableCell>
              <TableCell>{kind(item)}</TableCell>
              <TableCell>{item.name}</TableCell>
              <TableCell sx={KEY_STYLE}>{item.key}</TableCell>
              <TableCell>{problemText(translate, item)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
