import { CreateButton, Datagrid, DateField, DeleteWithConfirmButton, FunctionField, List, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ListError } from '../common/ListError';
import { useUrlFilters } from '../layout/useUrlFilters';
import { JoinCompanyButton } from './JoinCompanyButton';

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
    <List
      filter={useUrlFilters()}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<Actions />}
      error={<ListError />}
      empty={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <FunctionField source="role" render={(record: { role: 'owner' | 'member' }) => translate(`app.users.${record.role}`)} />
        <DateField source="created_at" />
        <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" />
      </Datagrid>
    </List>
  );
}
