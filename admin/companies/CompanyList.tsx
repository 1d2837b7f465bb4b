import { Datagrid, DateField, List, TextField } from 'react-admin';
import { useUrlFilters } from '../layout/useUrlFilters';

export function CompanyList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="role" />
        <DateField source="created_at" />
      </Datagrid>
    </List>
  );
}
