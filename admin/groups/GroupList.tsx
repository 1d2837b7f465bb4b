import { Datagrid, TextField } from 'react-admin';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function GroupList() {
  return (
    <ConsoleList>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <NumberField source="unit_count" />
        <ConfirmDeleteButton />
      </Datagrid>
    </ConsoleList>
  );
}
