import { useState } from 'react';
import { Button, Chip, MenuItem, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { useFormatters } from '../common/format';
import { fullName } from '../stores/userStore';
import { COMPANY_ROLES, removalRefusal, roleAtLeast, roleChangeRefusal, type CompanyPeople, type CompanyRole } from '../types/api';

type Member = CompanyPeople['users'][number];

/** A role as a badge: owners and admins stand out, viewers are muted. */
export function RoleBadge({ role }: { role: CompanyRole }) {
  const translate = useTranslate();
  const color = role === 'owner' ? 'primary' : role === 'admin' ? 'secondary' : 'default';
  return <Chip size="small" variant={role === 'viewer' ? 'outlined' : 'filled'} color={color} label={translate(`app.users.${role}`)} />;
}

/** An action the caller's role does not allow: disabled, with a tooltip that says why. */
function Guarded({ reason, children }: { reason: string | null; children: React.ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

type Pending = 'remove' | 'transfer' | null;

/**
 * One member of a company: name ('You' for the caller), role (a select for those who may change
 * it), last activity, and remove / make owner, disabled with the reason when not allowed.
 */
export function MemberRow({
  companyId,
  member,
  me,
  myRole,
  owners,
  onChanged,
}: {
  companyId: string;
  member: Member;
  me: string | undefined;
  myRole: CompanyRole | undefined;
  owners: number;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormatters();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [pending, setPending] = useState<Pending>(null);
  const name = fullName(member) || member.email;
  const isMe = member.id === me;
  const mayManage = myRole !== undefined && roleAtLeast(myRole, 'admin');
  const change = useMutation({
    mutationFn: (role: CompanyRole) => dataProvider.changeMemberRole(companyId, member.id, role),
    onSuccess: () => {
      notify('app.companies.role_changed', { type: 'success' });
      onChanged();
    },
    onError: notifyFailure,
  });
  const act = useMutation({
    mutationFn: (what: Exclude<Pending, null>) =>
      what === 'remove' ? dataProvider.removeMember(companyId, member.id) : dataProvider.transferOwnership(companyId, member.id),
    onSuccess: onChanged,
    onError: notifyFailure,
    onSettled: () => setPending(null),
  });
  const refusalText = (refusal: string | undefined) =>
    refusal === 'last_owner' ? translate('app.companies.last_owner_hint') : refusal ? translate('app.errors.role_above_own') : null;
  const removeReason = !mayManage || !myRole ? translate('app.companies.only_admins') : refusalText(removalRefusal(myRole, member.role, owners));
  const transferReason = myRole !== 'owner' ? translate('app.companies.only_owners') : null;
  const choices = COMPANY_ROLES.filter((role) => mayManage && myRole !== undefined && roleChangeRefusal(myRole, member.role, role, owners) === undefined);

  return (
    <TableRow>
      <TableCell>
        {name} {isMe && <Chip size="small" color="primary" label={translate('app.users.you')} />}
      </TableCell>
      <TableCell>{member.email}</TableCell>
      <TableCell>
        {choices.length > 1 ? (
          <TextField
            select
            size="small"
            value={member.role}
            disabled={change.isPending}
            slotProps={{ htmlInput: { 'aria-label': translate('app.companies.change_role', { name }) } }}
            onChange={(event) => change.mutate(event.target.value as CompanyRole)}
          >
            {choices.map((role) => (
              <MenuItem key={role} value={role}>
                {translate(`app.users.${role}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <RoleBadge role={member.role} />
        )}
      </TableCell>
      <TableCell>{member.last_active_at ? format.dateTime(member.last_active_at) : translate('app.users.never_active')}</TableCell>
      <TableCell align="right">
        {!isMe && member.role !== 'owner' && (
          <Guarded reason={transferReason}>
            <Button size="small" disabled={transferReason !== null} onClick={() => setPending('transfer')}>
              {translate('app.companies.transfer')}
            </Button>
          </Guarded>
        )}
        {!isMe && (
          <Guarded reason={removeReason}>
            <Button size="small" color="error" disabled={removeReason !== null} onClick={() => setPending('remove')}>
              {translate('app.companies.remove_member')}
            </Button>
          </Guarded>
        )}
        <Confirm
          isOpen={pending !== null}
          title={translate(pending === 'transfer' ? 'app.companies.transfer_title' : 'app.companies.remove_title', { name })}
          content={translate(pending === 'transfer' ? 'app.companies.transfer_content' : 'app.companies.remove_content')}
          onConfirm={() => pending && act.mutate(pending)}
          onClose={() => setPending(null)}
        />
      </TableCell>
    </TableRow>
  );
}
