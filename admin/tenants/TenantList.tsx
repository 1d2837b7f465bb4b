import { TextField, UrlField } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
import { ColorField, DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function TenantList() {
  return (
    <ConsoleList>
      <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <UrlField source="logo_url" emptyText="—" />
        <ColorField source="color_hex" label="resources.tenants.fields.color_hex" />
        <DateField source="created_at" />
        <ConfirmDeleteButton />
      </KeyboardDatagrid>
    </ConsoleList>
  );
}
