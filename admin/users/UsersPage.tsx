import { Alert, Chip, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useApiQuery } from '../common/useApiQuery';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { useCompanyState, useUserState } from '../stores/hooks';
import { fullName } from '../stores/userStore';
import { useFormatters } from '../common/format';
import { RoleBadge } from '../companies/MemberRow';
import { stackedOnPhone } from '../common/PhoneOrGrid';

/** Users: the members of the selected company, the current user marked 'You' (spec §2). */
export function UsersPage() {
  const translate = useTranslate();
  const format = useFormatters();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedCompanyId } = useCompanyState();
  const me = useUserState().user;
  // The same query as a company's people on its edit page; a failed load shows at once (no retries).
  const load = useApiQuery({
    queryKey: ['companyPeople', selectedCompanyId],
    queryFn: () => dataProvider.companyPeople(selectedCompanyId ?? ''),
    enabled: Boolean(selectedCompanyId),
  });

  return (
    <>
      <Title title={translate('app.users.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.users.title')}
      </Typography>
      {!selectedCompanyId ? (
        <Typography color="text.secondary">{translate('app.users.no_company')}</Typography>
      ) : load.isError ? (
        <Alert severity="error">{describeError(load.error, translate, 'app.errors.general')}</Alert>
      ) : !load.data ? (
        <LinearProgress />
      ) : (
        <Paper>
          <Table size="small" sx={stackedOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.users.name')}</TableCell>
                <TableCell>{translate('app.users.email')}</TableCell>
                <TableCell>{translate('app.users.role')}</TableCell>
                <TableCell>{translate('app.users.joined')}</TableCell>
                <TableCell>{translate('app.users.last_active')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {load.data.users.map((member) => (
                <TableRow key={member.id}>
                  <TableCell>
                    {fullName(member) || member.email} {member.id === me?.id && <Chip size="small" color="primary" label={translate('app.users.you')} />}
                  </TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>
                    <RoleBadge role={member.role} />
                  </TableCell>
                  <TableCell>{format.date(member.joined_at)}</TableCell>
                  <TableCell>{member.last_active_at ? format.dateTime(member.last_active_at) : translate('app.users.never_active')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
