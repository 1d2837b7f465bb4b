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
