import { CreateButton, Datagrid, DateField, FunctionField, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ConsoleList } from '../common/ConsoleList';
import { JoinCompanyButton } from './JoinCompanyButton';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

function Actions() {
  return (
    <TopToolbar>
      <JoinCompanyButton />
      <CreateButton />
    </TopToolbar>
  );
}

export function CompanyList() {
  const translate = useTranslate();
  return (
    <ConsoleList actions={<Actions />} empty={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField source="role" render={(record: { role: 'owner' | 'member' }) => translate(`app.users.${record.role}`)} />
        <DateField source="created_at" />
        <ConfirmDeleteButton />
      </Datagrid>
    </ConsoleList>
  );
}
