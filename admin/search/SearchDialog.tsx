import { Fragment, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useUserState } from '../stores/hooks';
import { groupResults, resultTarget } from './routes';
import { useSearch } from './useSearch';
import type { SearchResult } from '../types/api';

export const RESULTS_MAX_HEIGHT = '20rem';

/** The global search dialog of spec §2: grouped results, navigation to filtered lists. */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const includeTenants = useUserState().user?.is_tenant_enabled === true;
  const { state, status, setQuery, reset } = useSearch(includeTenants);

  // However the dialog closes (Escape, backdrop, a chosen result), it starts blank next time.
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const close = onClose;
  const choose = (result: SearchResult) => {
    const target = resultTarget(result);
    if (!target) return;
    navigate(target);
    close();
  };

  // A listbox driven from the input (WAI-ARIA combobox): arrows move the active result, Enter
  // opens it, Escape closes the dialog; focus stays in the input, so typing goes on.
  const groups = useMemo(() => (status === 'results' ? groupResults(state.results) : []), [status, state.results]);
  const options = useMemo(() => groups.flatMap(([, items]) => items), [groups]);
  const [active, setActive] = useState(-1);
  useEffect(() => setActive(-1), [options]);
  const optionId = (result: SearchResult) => `search-option-${result.type}-${result.id}`;
  // The results may just have changed under the index (it is reset after the render).
  const current: SearchResult | undefined = options[active];
  const onKeyDown = (event: KeyboardEvent) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
      return;
    }
    if (event.key === 'Enter' && current) {
      event.preventDefault();
      choose(current);
    }
  };
  const currentId = current ? optionId(current) : undefined;
  useEffect(() => {
    if (currentId) document.getElementById(currentId)?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId]);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="search-title">
      <DialogContent>
        <Typography id="search-title" variant="h6" sx={{ mb: 1 }}>
          {translate('app.search.title')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          value={state.query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={translate('app.search.placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': translate('app.search.title'),
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': options.length > 0,
              'aria-controls': 'search-results',
              'aria-activedescendant': currentId,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ mt: 2 }}>
          {status === 'idle' && <Typography color="text.secondary">{translate('app.search.hint')}</Typography>}
          {status === 'searching' && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
              <CircularProgress size={20} />
              <Typography>{translate('app.search.searching')}</Typography>
            </Box>
          )}
          {status === 'empty' && <Typography>{translate('app.search.no_results', { query: state.searched })}</Typography>}
          {status === 'error' && (
            <Alert severity="error">
              <AlertTitle>{translate('app.search.searchError')}</AlertTitle>
              {translate('app.search.searchErrorDescription')}
            </Alert>
          )}
          {status === 'results' && (
            <List
              dense
              id="search-results"
              role="listbox"
              aria-label={translate('app.search.title')}
              data-testid="search-results"
              sx={{ maxHeight: RESULTS_MAX_HEIGHT, overflowY: 'auto' }}
            >
              {groups.map(([type, items]) => (
                <Fragment key={type}>
                  <ListSubheader role="presentation">{translate(`app.search.groups.${type}`)}</ListSubheader>
                  {items.map((result) => {
                    const index = options.indexOf(result);
                    // Events have no page to open: listed, but not choosable.
                    const opens = resultTarget(result) !== null;
                    return (
                      <ListItemButton
                        key={`${type}-${result.id}`}
                        id={optionId(result)}
                        role="option"
                        tabIndex={-1}
                        selected={index === active}
                        aria-selected={index === active}
                        aria-disabled={!opens || undefined}
                        onClick={() => choose(result)}
                        onMouseMove={() => setActive(index)}
                        sx={opens ? undefined : { cursor: 'default' }}
                      >
                        <ListItemText primary={result.name || result.id} />
                      </ListItemButton>
                    );
                  })}
                </Fragment>
              ))}
            </List>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
