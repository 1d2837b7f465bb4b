import { Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import type { AuditEvent } from '../types/api';
import { AuditChanges } from './AuditChanges';
import { stackedOnPhone } from '../common/PhoneOrGrid';

/** Who made an entry, in words: a user by e-mail, an API key by name, or the platform itself. */
function useActorText(): (event: AuditEvent) => string {
  const translate = useTranslate();
  return (event) =>
    event.actor_type === 'system'
      ? translate('app.audit.system')
      : event.actor_type === 'api_key'
        ? translate('app.audit.api_key_actor', { name: event.actor_label })
        : event.actor_label;
}

/** The entries of a page of the log; a click on an actor shows only that actor's entries. */
export function AuditTable({ events, onActor }: { events: AuditEvent[]; onActor: (actor: { id: string; label: string }) => void }) {
  const translate = useTranslate();
  const format = useFormatters();
  const actorText = useActorText();
  return (
    <Table size="small" sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.audit.at')}</TableCell>
          <TableCell>{translate('app.audit.actor')}</TableCell>
          <TableCell>{translate('app.audit.action')}</TableCell>
          <TableCell>{translate('app.audit.resource')}</TableCell>
          <TableCell>{translate('app.audit.address')}</TableCell>
          <TableCell>{translate('app.audit.changes')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => {
          const actor = actorText(event);
          const { actor_id: actorId } = event;
          return (
            <TableRow key={event.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(event.at)}</TableCell>
              <TableCell>
                {actorId ? (
                  <Tooltip title={translate('app.audit.only_actor', { actor })}>
                    <Link component="button" type="button" onClick={() => onActor({ id: actorId, label: actor })}>
                      {actor}
                    </Link>
                  </Tooltip>
                ) : (
                  actor
                )}
              </TableCell>
              <TableCell>{translate(`app.audit.actions.${event.action}`)}</TableCell>
              <TableCell>{translate(`app.audit.resources.${event.resource_type}`)}</TableCell>
              <TableCell>{event.address ?? ''}</TableCell>
              <TableCell>
                <AuditChanges changes={event.changes} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
