import type { ReactNode } from 'react';
import { Box, TextField } from '@mui/material';

export interface OperatorToolbarProps {
  searchLabel: string;
  search: string;
  /** Called with the new text; the list goes back to its first page there. */
  onSearch: (text: string) => void;
  /** The list's own filters, after the search field. */
  children?: ReactNode;
}

/** The back-office lists' search field and filters, in one wrapping row. */
export function OperatorToolbar({ searchLabel, search, onSearch, children }: OperatorToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      <TextField size="small" type="search" label={searchLabel} value={search} onChange={(event) => onSearch(event.target.value)} />
      {children}
    </Box>
  );
}
