import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation } from '@tanstack/react-query';
import { useApiQuery } from '../common/useApiQuery';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { useUserState } from '../stores/hooks';
import { useNotifyFailure } from '../common/useNotifyFailure';
import { COMPANY_ROLES, mayInviteAs, type CompanyPeople as People, type CompanyRole } from '../types/api';
import { MemberRow } from './MemberRow';
import { LeaveCompanyButton } from './LeaveCompanyButton';
import { useFormatters } from '../common/format';
import { stackedOnPhone } from '../common/PhoneOrGrid';

type Invite = People['invites'][number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const DEFAULT_DAYS = 7;

function InviteForm({ companyId, myRole, onInvited }: { companyId: string; myRole: CompanyRole; onInvited: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [role, setRole] = useState<CompanyRole>('member');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [open, setOpen] = useState(false);
  const invite = useMutation({
    mutationFn: (address: string) => dataProvider.inviteUser(companyId, address, { role, expires_in_days: days, is_open: open }),
    onSuccess: (_invite, address) => {
      notify('app.companies.invited', { type: 'success', messageArgs: { email: address } });
      setEmail('');
      setTouched(false);
      onInvited();
    },
    onError: notifyFailure,
  });
  const error = !email.trim() ? 'ra.validation.required' : EMAIL.test(email.trim()) ? null : 'app.companies.invalid_email';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) invite.mutate(email.trim());
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="email"
        label={translate('app.companies.invite_email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={touched && Boolean(error)}
        helperText={touched && error ? translate(error) : ' '}
        sx={{ minWidth: 280 }}
      />
      <TextField
        select
        size="small"
        label={translate('app.companies.invite_role')}
        value={role}
        onChange={(event) => setRole(event.target.value as CompanyRole)}
      >
        {COMPANY_ROLES.filter((choice) => mayInviteAs(myRole, choice)).map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`app.users.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={translate('app.companies.invite_days')}
        value={days}
        onChange={(event) => setDays(Math.min(90, Math.max(1, Number(event.target.value) || 1)))}
        slotProps={{ htmlInput: { min: 1, max: 90 } }}
        sx={{ width: 140 }}
      />
      <FormControlLabel
        control={<Checkbox checked={open} onChange={(event) => setOpen(event.target.checked)} />}
        label={translate('app.companies.invite_open')}
      />
      <Button type="submit" variant="contained" disabled={invite.isPending}>
        {translate('app.companies.invite')}
      </Button>
    </Box>
  );
}

function InviteRow({ invite, onDeleted }: { invite: Invite; onDeleted: () => void }) {
  const translate = useTranslate();
  const format = useFormatters();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteInvite(invite.id),
    onSuccess: onDeleted,
    onError: notifyFailure,
    onSettled: () => setConfirming(false),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.code);
      setCopied(true);
    } catch (error) {
      console.warn('Clipboard not available', error);
    }
  };
  return (
    <TableRow>
      <TableCell>
        {invite.email} {invite.is_open && <Chip size="small" variant="outlined" label={translate('app.companies.open')} />}
      </TableCell>
      <TableCell>{translate(`app.users.${invite.role}`)}</TableCell>
      <TableCell>{format.date(invite.sent_at)}</TableCell>
      <TableCell>
        {invite.expired ? <Chip size="small" color="warning" label={translate('app.companies.expired')} /> : format.date(invite.expires_at)}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }} data-testid="invite-code">
        {invite.code}
      </TableCell>
      <TableCell align="right">
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate(copied ? 'app.companies.copied' : 'app.companies.copy_code')}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirming(true)}>
          {translate('app.companies.delete_invite')}
        </Button>
        <Confirm
          isOpen={confirming}
          title={translate('app.companies.delete_invite_title', { email: invite.email })}
          content={translate('app.common.delete_content')}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
        />
      </TableCell>
    </TableRow>
  );
}

/** A company's users (the current one marked 'You'), invite by email, and its pending invites (spec §2). */
export function CompanyPeople() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const me = useUserState().user;
  // A failed load shows at once, as the other custom screens do: no silent retries.
  const load = useApiQuery({ queryKey: ['companyPeople', id], queryFn: () => dataProvider.companyPeople(id ?? ''), enabled: Boolean(id) });
  const reload = () => void load.refetch();

  if (!id) return null;
  const myRole = load.data?.users.find((member) => member.id === me?.id)?.role;
  const owners = load.data?.users.filter((member) => member.role === 'owner').length ?? 0;
  const mayInvite = myRole === 'owner' || myRole === 'admin';
  return (
    <Paper sx={{ mt: 2, p: 2 }} component="section" aria-labelledby="company-people">
      <Typography variant="h6" component="h2" id="company-people" gutterBottom>
        {translate('app.companies.people')}
      </Typography>
      {load.isPending && <LinearProgress />}
      {load.isError && <Alert severity="error">{describeError(load.error, translate, 'app.errors.general')}</Alert>}
      {load.data && !load.isError && (
        <Stack spacing={3}>
          <Table size="small" aria-label={translate('app.companies.users')} sx={stackedOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.users.name')}</TableCell>
                <TableCell>{translate('app.users.email')}</TableCell>
                <TableCell>{translate('app.users.role')}</TableCell>
                <TableCell>{translate('app.users.last_active')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {load.data.users.map((member) => (
                <MemberRow key={member.id} companyId={id} member={member} me={me?.id} myRole={myRole} owners={owners} onChanged={reload} />
              ))}
            </TableBody>
          </Table>
          {myRole && <LeaveCompanyButton companyId={id} blocked={myRole === 'owner' && owners <= 1} />}
          {mayInvite && myRole ? (
            <InviteForm companyId={id} myRole={myRole} onInvited={reload} />
          ) : (
            <Typography color="text.secondary">{translate('app.companies.no_invite_rights')}</Typography>
          )}
          {mayInvite && (
            <Box>
              <Typography variant="subtitle1" component="h3">
                {translate('app.companies.pending_invites')}
              </Typography>
              {load.data.invites.length === 0 ? (
                <Typography color="text.secondary">{translate('app.companies.no_invites')}</Typography>
              ) : (
                <Table size="small" aria-label={translate('app.companies.pending_invites')} sx={stackedOnPhone}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('app.users.email')}</TableCell>
                      <TableCell>{translate('app.users.role')}</TableCell>
                      <TableCell>{translate('app.companies.sent')}</TableCell>
                      <TableCell>{translate('app.companies.expires')}</TableCell>
                      <TableCell>{translate('app.companies.code')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {load.data.invites.map((invite) => (
                      <InviteRow key={invite.id} invite={invite} onDeleted={reload} />
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}
