import { CreateButton, Datagrid, DeleteWithConfirmButton, List, NumberField, SearchInput, TextField, TopToolbar } from 'react-admin';
import { ListError } from '../common/ListError';
import { useUrlFilters } from '../layout/useUrlFilters';

export function UnitList() {
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
        <TextField source="group_name" emptyText="—" />
        <NumberField source="device_count" />
        <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" />
      </Datagrid>
    </List>
  );
}
