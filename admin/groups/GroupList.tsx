import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { CardFact, RecordCards } from '../common/RecordCards';

/** A unit group as a card on a phone: its name and number of units; tapping opens it. */
function GroupCards() {
  return (
    <RecordCards<{ id: string; name: string }>
      title={(group) => group.name}
      details={
        <CardFact label="resources.groups.fields.unit_count">
          <NumberField source="unit_count" />
        </CardFact>
      }
      link="edit"
    />
  );
}

export function GroupList() {
  return (
    <ConsoleList columnChooser>
      <PhoneOrGrid
        phone={<GroupCards />}
        grid={
          <KeyboardDataTable rowClick="edit" bulkActionButtons={false}>
            <KeyboardDataTable.Col source="name" />
            <KeyboardDataTable.NumberCol source="unit_count" field={NumberField} />
            <KeyboardDataTable.Col>
              <ConfirmDeleteButton />
            </KeyboardDataTable.Col>
          </KeyboardDataTable>
        }
      />
    </ConsoleList>
  );
}
