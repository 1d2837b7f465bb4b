import { Alert, AlertTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReconcileResult } from '../../types/api';
import { driftId, skipReason } from './driftText';

/**
 * What a fix did: how many were fixed and skipped, each skipped one with why, and how many had
 * stopped differing before the fix came (the server fixes only what it still finds).
 */
export function FixResult({ result, chosen }: { result: ReconcileResult; chosen: number }) {
  const translate = useTranslate();
  const gone = chosen - result.fixed - result.skipped.length;
  return (
    <Alert severity={result.skipped.length > 0 ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
      <AlertTitle>{translate('app.network.reconcile.result', { fixed: result.fixed, skipped: result.skipped.length })}</AlertTitle>
      {gone > 0 && <Typography variant="body2">{translate('app.network.reconcile.result_gone', { smart_count: gone })}</Typography>}
      {result.fixed > 0 && <Typography variant="body2">{translate('app.network.reconcile.result_background')}</Typography>}
      {result.skipped.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {translate('app.network.reconcile.skipped')}
          </Typography>
          <List dense disablePadding aria-label={translate('app.network.reconcile.skipped')}>
            {result.skipped.map((drift) => (
              <ListItem key={driftId(drift)} disableGutters>
                <ListItemText primary={`${drift.name} (${drift.key})`} secondary={skipReason(translate, drift)} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
