import { CreateButton, Datagrid, DateField, DeleteWithConfirmButton, List, SearchInput, TextField, TopToolbar, UrlField } from 'react-admin';
import { ColorField } from '../common/fields';
import { ListError } from '../common/ListError';
import { useUrlFilters } from '../layout/useUrlFilters';

export function TenantList() {
  return (
    <List
      filter={useUrlFilters()}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      error={<ListError />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <UrlField source="logo_url" emptyText="—" />
        <ColorField source="color_hex" label="resources.tenants.fields.color_hex" />
        <DateField source="created_at" />
        <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" />
      </Datagrid>
    </List>
  );
}
