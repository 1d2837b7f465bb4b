import { TextField } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function GroupList() {
  return (
    <ConsoleList>
      <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <NumberField source="unit_count" />
        <ConfirmDeleteButton />
      </KeyboardDatagrid>
    </ConsoleList>
  );
}
