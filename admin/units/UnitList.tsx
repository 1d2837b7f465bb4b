import { TextField } from 'react-admin';
import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function UnitList() {
  return (
    <ConsoleList columnChooser>
      <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
        <KeyboardDataTable.Col source="name" />
        <KeyboardDataTable.Col source="group_name">
          <TextField source="group_name" emptyText="—" />
        </KeyboardDataTable.Col>
        <KeyboardDataTable.NumberCol source="device_count" field={NumberField} />
        <KeyboardDataTable.Col>
          <ConfirmDeleteButton />
        </KeyboardDataTable.Col>
      </KeyboardDataTable>
    </ConsoleList>
  );
}
