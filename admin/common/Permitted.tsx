import { cloneElement, type ReactElement } from 'react';
import { Tooltip } from '@mui/material';
import { useResourceContext } from 'react-admin';
import { RESOURCE_ACTIONS, type ConsoleAction } from './permissions';
import { useCompanyPermission } from './useCompanyPermission';

/** A control the caller's role may not use: disabled, with a tooltip that says why (a disabled button shows none itself). */
export function Permitted({
  action,
  ownPrivateDashboard,
  children,
}: {
  action: ConsoleAction;
  ownPrivateDashboard?: boolean;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  const { allowed, reason } = useCompanyPermission(action, { ownPrivateDashboard });
  if (allowed) return children;
  return (
    <Tooltip title={reason}>
      <span>{cloneElement(children, { disabled: true })}</span>
    </Tooltip>
  );
}

/** The same for react-admin's generic buttons, whose action follows from the resource they are in. */
export function PermittedForResource({ kind, children }: { kind: 'create' | 'edit' | 'delete'; children: ReactElement<{ disabled?: boolean }> }) {
  const resource = useResourceContext();
  const action = resource ? RESOURCE_ACTIONS[resource]?.[kind] : undefined;
  if (!action) return children;
  return <Permitted action={action}>{children}</Permitted>;
}
