import { useState } from 'react';
import { Button, Chip, MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import { Section } from '../common/Section';
import { TablePager } from '../common/TablePager';
import { useApiQuery } from '../common/useApiQuery';
import { useDebouncedValue } from '../common/useDebouncedValue';
import type { AppDataProvider } from '../providers/dataProvider';
import type { OperatorUserFilter } from '../providers/operatorApi';
import { describeError } from '../stores/appError';
import { useUserState } from '../stores/hooks';
import type { OperatorUser, OperatorUserOrdering } from '../types/api';
import { OperatorTable, type OperatorColumn } from './OperatorTable';
import { FIRST_PAGE_SIZE, PAGE_SIZES, refusalText } from './paging';
import { OperatorToolbar } from './OperatorToolbar';

type YesNo = '' | 'yes' | 'no';
const asFilter = (value: YesNo) => (value === '' ? undefined : value === 'yes');

/**
 * Every user of the platform: companies with roles, verification, operator rights, last sign-in;
 * searched, filtered, sorted and paged in the API. Operator rights are granted and revoked here
 * as `npm run operator` does (not one's own, not those OPERATOR_EMAILS gives).
 */
export function OperatorUsers() {
  const translate = useTranslate();
  const format = useFormatters();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const me = useUserState().user?.id;
  const [search, setSearch] = useState('');
  const [operator, setOperator] = useState<YesNo>('');
  const [verified, setVerified] = useState<YesNo>('');
  const [ordering, setOrdering] = useState<OperatorUserOrdering>('email');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(FIRST_PAGE_SIZE);
  const searched = useDebouncedValue(search.trim(), 300);
  const filter: OperatorUserFilter = { search: searched || undefined, operator: asFilter(operator), verified: asFilter(verified), ordering };
  const users = useApiQuery({ queryKey: ['operatorUsers', filter, page, perPage], queryFn: () => dataProvider.operatorUsers(filter, page + 1, perPage) });
  const change = useMutation({
    mutationFn: ({ user, grant }: { user: OperatorUser; grant: boolean }) => dataProvider.setOperator(user.id, grant),
    onSuccess: async (_done, { user, grant }) => {
      await queryClient.invalidateQueries({ queryKey: ['operatorUsers'] });
      notify(grant ? 'app.operator.granted_notice' : 'app.operator.revoked_notice', { type: 'success', messageArgs: { email: user.email } });
    },
    onError: (error) => notify(describeError(error, translate, 'app.errors.general'), { type: 'error' }),
  });
  const rows = users.data?.results ?? [];
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  const name = (user: OperatorUser) => `${user.first_name} ${user.last_name}`.trim();
  const companies = (user: OperatorUser) => user.companies.map((c) => `${c.name} (${translate(`app.users.${c.role}`)})`).join(', ');
  const rights = (user: OperatorUser) =>
    user.operator ? <Chip size="small" color="primary" label={translate(`app.operator.operator_${user.operator}`)} /> : null;
  const signIn = (user: OperatorUser) => (user.last_sign_in_at ? format.dateTime(user.last_sign_in_at) : translate('app.operator.never'));
  const action = (user: OperatorUser) => {
    // Rights from OPERATOR_EMAILS are the environment's, and nobody revokes their own.
    if (user.operator === 'environment' || (user.operator && user.id === me)) return null;
    const grant = user.operator === null;
    const label = translate(grant ? 'app.operator.grant' : 'app.operator.revoke');
    return (
      <Button
        size="small"
        color={grant ? 'primary' : 'error'}
        disabled={change.isPending}
        onClick={() => change.mutate({ user, grant })}
        aria-label={`${label}: ${user.email}`}
      >
        {label}
      </Button>
    );
  };
  const columns: OperatorColumn<OperatorUser>[] = [
    { label: translate('app.operator.email'), sort: 'email', render: (user) => user.email },
    { label: translate('app.operator.user_name'), render: name },
    {
      label: translate('app.operator.verified'),
      render: (user) => translate(user.email_verified ? 'app.operator.yes' : 'app.operator.no'),
    },
    { label: translate('app.operator.companies_roles'), render: companies },
    { label: translate('app.operator.operator_column'), render: rights },
    { label: translate('app.operator.created'), sort: 'created_at', render: (user) => format.date(user.created_at) },
    { label: translate('app.operator.last_sign_in'), sort: 'last_sign_in_at', render: signIn },
  ];
  const yesNo = (label: string, value: YesNo, set: (value: YesNo) => void) => (
    <TextField select size="small" label={label} value={value} onChange={(event) => filtered(set)(event.target.value as YesNo)} sx={{ minWidth: 140 }}>
      <MenuItem value="">{translate('app.operator.all')}</MenuItem>
      <MenuItem value="yes">{translate('app.operator.yes')}</MenuItem>
      <MenuItem value="no">{translate('app.operator.no')}</MenuItem>
    </TextField>
  );

  return (
    <Section
      title={translate('app.operator.users')}
      load={{ isPending: users.isPending, isError: users.isError }}
      isEmpty={rows.length === 0}
      emptyText={translate('app.operator.users_empty')}
      errorText={refusalText(users.error, translate, 'app.operator.users_error')}
      toolbar={
        <OperatorToolbar searchLabel={translate('app.operator.search_users')} search={search} onSearch={filtered(setSearch)}>
          {yesNo(translate('app.operator.operator_column'), operator, setOperator)}
          {yesNo(translate('app.operator.verified'), verified, setVerified)}
        </OperatorToolbar>
      }
    >
      <OperatorTable
        label={translate('app.operator.users')}
        rows={rows}
        columns={columns}
        ordering={ordering}
        onOrdering={(next) => filtered(setOrdering)(next as OperatorUserOrdering)}
        primary={(user) => user.email}
        secondary={(user) => (
          <>
            {[name(user), companies(user), `${translate('app.operator.last_sign_in')}: ${signIn(user)}`].filter(Boolean).join(' · ')} {rights(user)}
          </>
        )}
        action={action}
      />
      <TablePager count={users.data?.count ?? 0} page={page} perPage={perPage} perPageOptions={PAGE_SIZES} onPage={setPage} onPerPage={setPerPage} />
    </Section>
  );
}
