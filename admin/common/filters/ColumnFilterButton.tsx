import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useApiQuery } from '../useApiQuery';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDebouncedValue } from '../useDebouncedValue';
import type { FilterOption } from '../../types/api';

/** How many options the dialog lists before 'Show all'. */
export const FIRST_OPTIONS = 8;
const SEARCH_DEBOUNCE_MS = 300;

export interface ColumnFilterButtonProps {
  /** Model and field of GET /filter_options/{model_name}/{field_name}. */
  model: string;
  field: string;
  /** The list filter the chosen value goes to. */
  source: string;
  label: string;
  /** Translates option labels that are codes (e.g. power status) instead of names. */
  optionLabel?: (option: FilterOption) => string;
}

/**
 * Column filter dialog (spec §2): search the column's values, pick one or All; the first few
 * are listed until 'Show all'. The values and their counts come from the API, so this works the
 * same with ten devices or a hundred thousand.
 */
export function ColumnFilterButton({ model, field, source, label, optionLabel }: ColumnFilterButtonProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const current: unknown = filterValues[source];
  // Clearing the search asks at once; typing asks after a pause.
  const settled = useDebouncedValue(search, search ? SEARCH_DEBOUNCE_MS : 0);
  const query = useApiQuery({
    queryKey: ['filterOptions', model, field, settled],
    queryFn: () => dataProvider.filterOptions(model, field, settled),
    enabled: open,
  });
  // While the typed search waits for its request, the dialog shows progress rather than stale options.
  const waiting = search !== settled;
  const failed = !waiting && query.isError;
  const options = waiting || failed ? undefined : query.data;

  const close = () => {
    setOpen(false);
    setSearch('');
    setShowAll(false);
  };
  const choose = (value: string | undefined) => {
    const next: Record<string, unknown> = { ...filterValues };
    if (value === undefined) delete next[source];
    else next[source] = value;
    setFilters(next, displayedFilters);
    close();
  };
  const textOf = (option: FilterOption) => (optionLabel ? optionLabel(option) : option.label);
  const chosen = options?.find((option) => option.value === current);
  const shown = options ? (showAll ? options : options.slice(0, FIRST_OPTIONS)) : [];

  return (
    <>
      <Button size="small" startIcon={<FilterListIcon />} color={current === undefined ? 'inherit' : 'primary'} onClick={() => setOpen(true)}>
        {translate(label)}
        {current !== undefined && `: ${chosen ? textOf(chosen) : translate('app.filters.active')}`}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={`filter-${source}`}>
        <DialogTitle id={`filter-${source}`}>{translate('app.filters.title', { column: translate(label) })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            margin="dense"
            label={translate('app.filters.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {!options && !failed && <LinearProgress sx={{ my: 1 }} />}
          {failed && <Alert severity="error">{translate('app.filters.error')}</Alert>}
          {options && (
            <List dense>
              <ListItemButton selected={current === undefined} onClick={() => choose(undefined)}>
                <ListItemText primary={translate('app.filters.all')} />
              </ListItemButton>
              {shown.map((option) => (
                <ListItemButton key={option.value} selected={option.value === current} onClick={() => choose(option.value)}>
                  <ListItemText primary={textOf(option)} secondary={translate('app.filters.count', { smart_count: option.count })} />
                </ListItemButton>
              ))}
              {options.length === 0 && <ListItemText sx={{ px: 2 }} secondary={translate('app.filters.none')} />}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          {options && !showAll && options.length > FIRST_OPTIONS && (
            <Button onClick={() => setShowAll(true)}>{translate('app.filters.show_all', { smart_count: options.length })}</Button>
          )}
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
