import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';

export function GroupList() {
  return (
    <ConsoleList columnChooser>
      <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
        <KeyboardDataTable.Col source="name" />
        <KeyboardDataTable.NumberCol source="unit_count" field={NumberField} />
        <KeyboardDataTable.Col>
          <ConfirmDeleteButton />
        </KeyboardDataTable.Col>
      </KeyboardDataTable>
    </ConsoleList>
  );
}
