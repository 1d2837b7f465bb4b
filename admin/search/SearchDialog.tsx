import { Fragment, useEffect } from 'react';
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
          placeholder={translate('app.search.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.search.title') },
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
            <List dense data-testid="search-results" sx={{ maxHeight: RESULTS_MAX_HEIGHT, overflowY: 'auto' }}>
              {groupResults(state.results).map(([type, items]) => (
                <Fragment key={type}>
                  <ListSubheader>{translate(`app.search.groups.${type}`)}</ListSubheader>
                  {items.map((result) =>
                    resultTarget(result) ? (
                      <ListItemButton key={`${type}-${result.id}`} onClick={() => choose(result)}>
                        <ListItemText primary={result.name || result.id} />
                      </ListItemButton>
                    ) : (
                      <Box component="li" key={`${type}-${result.id}`} sx={{ px: 2, py: 0.5, listStyle: 'none' }}>
                        <ListItemText primary={result.name || result.id} />
                      </Box>
                    ),
                  )}
                </Fragment>
              ))}
            </List>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
