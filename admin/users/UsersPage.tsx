import { useEffect, useState } from 'react';
import { Alert, Chip, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider, CompanyMember } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { useCompanyState, useUserState } from '../stores/hooks';
import { fullName } from '../stores/userStore';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; users: CompanyMember[] };

/** Users: the members of the selected company, the current user marked 'You' (spec §2). */
export function UsersPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedCompanyId } = useCompanyState();
  const me = useUserState().user;
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if (!selectedCompanyId) return;
    let active = true;
    setLoad({ status: 'loading' });
    dataProvider.companyPeople(selectedCompanyId).then(
      (people) => active && setLoad({ status: 'done', users: people.users }),
      (error: unknown) => active && setLoad({ status: 'error', message: describeError(error, translate, 'app.errors.general') }),
    );
    return () => {
      active = false;
    };
  }, [dataProvider, selectedCompanyId, translate]);

  return (
    <>
      <Title title={translate('app.users.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.users.title')}
      </Typography>
      {!selectedCompanyId ? (
        <Typography color="text.secondary">{translate('app.users.no_company')}</Typography>
      ) : load.status === 'loading' ? (
        <LinearProgress />
      ) : load.status === 'error' ? (
        <Alert severity="error">{load.message}</Alert>
      ) : (
        <Paper>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.users.name')}</TableCell>
                <TableCell>{translate('app.users.email')}</TableCell>
                <TableCell>{translate('app.users.role')}</TableCell>
                <TableCell>{translate('app.users.joined')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {load.users.map((member) => (
                <TableRow key={member.id}>
                  <TableCell>
                    {fullName(member) || member.email}{' '}
                    {member.id === me?.id && <Chip size="small" color="primary" label={translate('app.users.you')} />}
                  </TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>{translate(`app.users.${member.role}`)}</TableCell>
                  <TableCell>{new Date(member.joined_at).toLocaleDateString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
