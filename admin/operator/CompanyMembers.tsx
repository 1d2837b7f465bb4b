import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFormatters } from '../common/format';
import { Section } from '../common/Section';
import { useApiQuery } from '../common/useApiQuery';
import type { AppDataProvider } from '../providers/dataProvider';

/** A company's members with their roles, in the operator's company dialog. */
export function CompanyMembers({ companyId }: { companyId: string }) {
  const translate = useTranslate();
  const format = useFormatters();
  const dataProvider = useDataProvider<AppDataProvider>();
  const members = useApiQuery({ queryKey: ['operatorCompanyMembers', companyId], queryFn: () => dataProvider.operatorCompanyMembers(companyId) });
  const rows = members.data ?? [];

  return (
    <Section
      title={translate('app.operator.members_title')}
      load={{ isPending: members.isPending, isError: members.isError }}
      isEmpty={rows.length === 0}
      emptyText={translate('app.operator.members_empty')}
      errorText={translate('app.operator.members_error')}
    >
      <List dense disablePadding>
        {rows.map((member) => (
          <ListItem key={member.id} disableGutters divider>
            <ListItemText
              primary={`${member.first_name} ${member.last_name}`.trim() || member.email}
              secondary={
                <>
                  {member.email} · {translate(`app.users.${member.role}`)}
                  <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                    {translate('app.users.last_active')}: {member.last_active_at ? format.dateTime(member.last_active_at) : translate('app.users.never_active')}
                  </Typography>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
