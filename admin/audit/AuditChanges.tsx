import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { REDACTED, type AuditEvent } from '../types/api';

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What an entry changed: each field with its old and new value (a secret only as changed), or the
 * counts of an import and the payload of a downlink.
 */
export function AuditChanges({ changes }: { changes: AuditEvent['changes'] }) {
  const translate = useTranslate();
  if (changes === null) return null;
  const value = (v: unknown) => (v === null || v === '' ? translate('app.audit.empty_value') : text(v));
  const lines = Array.isArray(changes)
    ? changes.map((change) =>
        change.old === REDACTED || change.new === REDACTED
          ? `${change.field}: ${translate('app.audit.secret_changed')}`
          : `${change.field}: ${value(change.old)} → ${value(change.new)}`,
      )
    : Object.entries(changes).map(([key, v]) => `${key}: ${value(v)}`);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere' }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}
