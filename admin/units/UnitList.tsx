import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { useUrlFilters } from '../layout/useUrlFilters';

export function UnitList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="group_name" emptyText="—" />
        <NumberField source="device_count" />
      </Datagrid>
    </List>
  );
}
