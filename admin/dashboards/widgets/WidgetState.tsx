import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WidgetLoad } from './useWidgetData';

/** A widget's loading, error and empty states; its content once there is data. */
export function WidgetState({ load, isEmpty, children }: { load: WidgetLoad; isEmpty: boolean; children: ReactNode }) {
  const translate = useTranslate();
  if (load.status === 'loading')
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
        <CircularProgress size={24} aria-label={translate('app.dashboards.loading')} />
      </Box>
    );
  if (load.status === 'error') return <Alert severity="error">{translate('app.dashboards.data_error')}</Alert>;
  if (isEmpty) return <Typography color="text.secondary">{translate('app.dashboards.no_data')}</Typography>;
  return <>{children}</>;
}

export const showValue = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(Number(value.toFixed(3))) : JSON.stringify(value);
