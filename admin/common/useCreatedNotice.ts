import { useNotify, useRedirect, useResourceContext, type RaRecord, type RedirectionSideEffect } from 'react-admin';

/** What a toast calls a record: its name, else its EUI or id (a device may be registered without a name). */
export function recordName(record: RaRecord): string {
  for (const field of ['name', 'dev_eui', 'gateway_id']) {
    const value: unknown = record[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return String(record.id);
}

/**
 * The success side of a Create: react-admin's own toast passes only a count ("Element created"), so
 * the resource's `notifications.created` text gets the record's name ("Device 'Cellar sensor'
 * registered"), then the view redirects as its `redirect` would.
 */
export function useCreatedNotice(redirectTo: RedirectionSideEffect = 'list'): { onSuccess: (record: RaRecord) => void } {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onSuccess: (record) => {
      notify(`resources.${resource}.notifications.created`, { type: 'info', messageArgs: { smart_count: 1, name: recordName(record) } });
      redirect(redirectTo, resource, record.id, record);
    },
  };
}
