import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip, IconButton, TextField } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { translateMessage } from '../../providers/serverMessages';
import type { EditableField, RowState, RowStatus } from './rows';

const STATUS_COLOR: Record<RowStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  ready: 'default',
  importing: 'info',
  success: 'success',
  failed: 'error',
  duplicate: 'warning',
};

/**
 * A text cell of a row: its value, or while the row is corrected a field holding it, with the
 * refusal that concerns this cell under it in the user's language.
 */
export function TextCell({
  row,
  field,
  open,
  phone,
  sx,
  onChange,
}: {
  row: RowState;
  field: Exclude<EditableField, 'config'>;
  open: boolean;
  phone: boolean;
  sx: SxProps<Theme>;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  const refused = open && row.field === field && row.reason !== null;
  return (
    <Box role="cell" sx={sx}>
      {open ? (
        <TextField
          size="small"
          fullWidth
          value={row[field]}
          error={refused}
          helperText={refused && row.reason ? translateMessage(translate, row.reason) : undefined}
          label={phone ? translate(`app.import.columns.${field}`) : undefined}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{
            htmlInput: {
              'aria-label': translate('app.import.cell_of_line', { column: translate(`app.import.columns.${field}`), line: row.line }),
              spellCheck: false,
              style: field === 'name' ? undefined : { fontFamily: 'monospace' },
            },
            formHelperText: { sx: { mx: 0, whiteSpace: 'normal' } },
          }}
        />
      ) : (
        row[field]
      )}
    </Box>
  );
}

/** The row's state, and for a failed row the way to correct it or, while corrected, to retry it alone. */
export function StatusCell({
  row,
  open,
  actions,
  phone,
  sx,
  onOpen,
  onRetry,
}: {
  row: RowState;
  open: boolean;
  /** Whether correcting is offered now: after the import ran, and not while rows are sent. */
  actions: boolean;
  phone: boolean;
  sx: SxProps<Theme>;
  onOpen: () => void;
  onRetry: () => void;
}) {
  const translate = useTranslate();
  const failed = row.status === 'failed';
  // A finger needs 44 px; a desktop row is 36 px high.
  const target = phone ? { minWidth: 44, minHeight: 44 } : {};
  return (
    <Box role="cell" sx={[{ display: 'flex', alignItems: 'center', gap: 0.5 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Chip size="small" color={STATUS_COLOR[row.status]} label={translate(`app.import.status.${row.status}`)} />
      {failed && !open && (
        <IconButton size="small" disabled={!actions} onClick={onOpen} aria-label={translate('app.import.correct_line', { line: row.line })} sx={target}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {failed && open && (
        <IconButton
          size="small"
          color="primary"
          disabled={!actions}
          onClick={onRetry}
          aria-label={translate('app.import.retry_line', { line: row.line })}
          sx={target}
        >
          <ReplayIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
