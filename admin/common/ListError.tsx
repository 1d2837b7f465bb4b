import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * What a list shows when loading fails. react-admin would otherwise render its empty page, and
 * "No devices found" after a network error would tell the user their data is gone. The data
 * provider's errors carry a catalogue key as message (see providers/dataProvider.ts).
 */
export function ListError() {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  const message = error instanceof Error && error.message ? error.message : 'app.errors.general';
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('app.common.retry')}
        </Button>
      }
    >
      {translate(message, { _: translate('app.errors.general') })}
    </Alert>
  );
}
