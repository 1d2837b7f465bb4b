import { BooleanField, Datagrid, List, TextField } from 'react-admin';

export function TemplateList() {
  return (
    <List sort={{ field: 'vendor', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="vendor" />
        <TextField source="model" />
        <TextField source="version" />
        <BooleanField source="supports_otaa" />
        <BooleanField source="already_added" />
      </Datagrid>
    </List>
  );
}
