import { BooleanField, Datagrid, DateField, List, TextField } from 'react-admin';
import { useUrlFilters } from '../layout/useUrlFilters';

export function ProfileList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <BooleanField source="supports_otaa" />
        <BooleanField source="supports_class_b" />
        <BooleanField source="supports_class_c" />
        <DateField source="created_at" />
      </Datagrid>
    </List>
  );
}
