import { Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditAction, type AuditResource } from '../types/api';

/** The filters as the page holds them: the actor with its label, times as the inputs show them (local). */
export interface AuditFilterState {
  actor?: { id: string; label: string } | undefined;
  action: AuditAction | '';
  resource: AuditResource | '';
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterState = { action: '', resource: '', from: '', to: '' };

/** A local date and time of an input as the API's ISO moment; an incomplete one filters nothing. */
export function isoMoment(local: string): string | undefined {
  const time = local ? new Date(local) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined;
}

/** The filter bar of the audit log: action, resource and time range; the actor as a chip, set from the table. */
export function AuditFilters({ value, onChange }: { value: AuditFilterState; onChange: (next: AuditFilterState) => void }) {
  const translate = useTranslate();
  const select = <T extends string>(label: string, current: T | '', options: readonly T[], text: (option: T) => string, set: (option: T | '') => void) => (
    <TextField select size="small" label={label} value={current} onChange={(event) => set(event.target.value as T | '')} sx={{ minWidth: 180 }}>
      <MenuItem value="">{translate('app.audit.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {text(option)}
        </MenuItem>
      ))}
    </TextField>
  );
  const moment = (label: string, current: string, set: (next: string) => void) => (
    <TextField
      size="small"
      type="datetime-local"
      label={label}
      value={current}
      onChange={(event) => set(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap" alignItems={{ sm: 'center' }}>
      {select(
        translate('app.audit.action'),
        value.action,
        AUDIT_ACTIONS,
        (action) => translate(`app.audit.actions.${action}`),
        (action) => onChange({ ...value, action }),
      )}
      {select(
        translate('app.audit.resource'),
        value.resource,
        AUDIT_RESOURCES,
        (resource) => translate(`app.audit.resources.${resource}`),
        (resource) => onChange({ ...value, resource }),
      )}
      {moment(translate('app.audit.from'), value.from, (from) => onChange({ ...value, from }))}
      {moment(translate('app.audit.to'), value.to, (to) => onChange({ ...value, to }))}
      {value.actor && (
        <Chip label={translate('app.audit.actor_filter', { actor: value.actor.label })} onDelete={() => onChange({ ...value, actor: undefined })} />
      )}
    </Stack>
  );
}
