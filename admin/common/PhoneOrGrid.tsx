import type { ReactElement } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';

/** Whether the screen is phone-sized (below MUI's `sm`, 600 px), where tables do not fit. */
export function usePhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

/**
 * A list's rows as cards on a phone (react-admin's SimpleList: name, status, last seen, the row
 * opens its page) and as the table elsewhere: a table at 360–430 px overflows sideways and hides
 * its actions off-screen.
 */
export function PhoneOrGrid({ phone, grid }: { phone: ReactElement; grid: ReactElement }) {
  return usePhone() ? phone : grid;
}

/**
 * A plain MUI table's rows as stacked cards on a phone (a `sx` for <Table>): the header row goes,
 * each row becomes a block with its cells one under the other, the first (the name) on top and
 * the actions last, so nothing reaches past a 360 px screen.
 */
export const stackedOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td, & th': { display: 'block', width: '100%' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td, & th': { border: 0, py: 0.25, px: 0, textAlign: 'left', overflowWrap: 'anywhere' },
  },
});
