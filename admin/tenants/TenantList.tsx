import { UrlField } from 'react-admin';
import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { ColorField, DateField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function TenantList() {
  return (
    <ConsoleList columnChooser>
      <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
        <KeyboardDataTable.Col source="name" />
        <KeyboardDataTable.Col source="logo_url">
          <UrlField source="logo_url" emptyText="—" />
        </KeyboardDataTable.Col>
        <KeyboardDataTable.Col label="resources.tenants.fields.color_hex">
          <ColorField source="color_hex" />
        </KeyboardDataTable.Col>
        <KeyboardDataTable.Col source="created_at" field={DateField} />
        <KeyboardDataTable.Col>
          <ConfirmDeleteButton />
        </KeyboardDataTable.Col>
      </KeyboardDataTable>
    </ConsoleList>
  );
}
