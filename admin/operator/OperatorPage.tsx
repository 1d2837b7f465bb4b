import { useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { OperatorCompanies } from './OperatorCompanies';
import { OperatorTenants } from './OperatorTenants';
import { OperatorUsers } from './OperatorUsers';

const LISTS = ['companies', 'tenants', 'users'] as const;
type OperatorList = (typeof LISTS)[number];

/**
 * The operator back-office (issue #17): lists over every company, reseller tenant and user of the
 * platform, one tab each; only the open tab loads.
 */
export function OperatorPage() {
  const translate = useTranslate();
  const [list, setList] = useState<OperatorList>('companies');

  return (
    <>
      <Title title={translate('app.operator.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.operator.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={list} onChange={(_event, next: OperatorList) => setList(next)} variant="scrollable" allowScrollButtonsMobile>
          {LISTS.map((value) => (
            <Tab key={value} value={value} label={translate(`app.operator.tab_${value}`)} />
          ))}
        </Tabs>
      </Box>
      {list === 'companies' && <OperatorCompanies />}
      {list === 'tenants' && <OperatorTenants />}
      {list === 'users' && <OperatorUsers />}
    </>
  );
}
