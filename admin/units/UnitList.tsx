import { TextField } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function UnitList() {
  return (
    <ConsoleList>
      <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="group_name" emptyText="—" />
        <NumberField source="device_count" />
        <ConfirmDeleteButton />
      </KeyboardDatagrid>
    </ConsoleList>
  );
}
