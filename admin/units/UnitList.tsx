import { TextField } from 'react-admin';
import { KeyboardDataTable } from '../common/KeyboardDataTable';
import { NumberField } from '../common/fields';
import { ConsoleList } from '../common/ConsoleList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { PhoneOrGrid } from '../common/PhoneOrGrid';
import { CardFact, RecordCards } from '../common/RecordCards';

/** A unit as a card on a phone: its name, group and number of devices; tapping opens it. */
function UnitCards() {
  return (
    <RecordCards<{ id: string; name: string }>
      title={(unit) => unit.name}
      details={
        <>
          <CardFact label="resources.units.fields.group_name">
            <TextField source="group_name" emptyText="—" />
          </CardFact>
          <CardFact label="resources.units.fields.device_count">
            <NumberField source="device_count" />
          </CardFact>
        </>
      }
      link="edit"
    />
  );
}

export function UnitList() {
  return (
    <ConsoleList columnChooser>
      <PhoneOrGrid
        phone={<UnitCards />}
        grid={
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
        }
      />
    </ConsoleList>
  );
}
