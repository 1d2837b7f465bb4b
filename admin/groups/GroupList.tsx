import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { useUrlFilters } from '../layout/useUrlFilters';

export function GroupList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <NumberField source="unit_count" />
      </Datagrid>
    </List>
  );
}
