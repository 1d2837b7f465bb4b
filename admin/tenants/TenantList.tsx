import { Datagrid, DateField, List, TextField, UrlField } from 'react-admin';
import { ColorField } from '../common/fields';
import { useUrlFilters } from '../layout/useUrlFilters';

export function TenantList() {
  return (
    <List filter={useUrlFilters()} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <UrlField source="logo_url" />
        <ColorField source="color_hex" label="resources.tenants.fields.color_hex" />
        <DateField source="created_at" />
      </Datagrid>
    </List>
  );
}
