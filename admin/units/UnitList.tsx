import { TextField } from 'react-admin';
import { KeyboardDatagrid } from '../common/KeyboardDatagrid';
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
    <ConsoleList>
      <PhoneOrGrid
        phone={<UnitCards />}
        grid={
          <KeyboardDatagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" />
            <TextField source="group_name" emptyText="—" />
            <NumberField source="device_count" />
            <ConfirmDeleteButton />
          </KeyboardDatagrid>
        }
      />
    </ConsoleList>
  );
}
