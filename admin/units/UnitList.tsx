import { Datagrid, TextField } from 'react-admin';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function UnitList() {
  return (
    <ConsoleList>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="group_name" emptyText="—" />
        <NumberField source="device_count" />
        <ConfirmDeleteButton />
      </Datagrid>
    </ConsoleList>
  );
}
