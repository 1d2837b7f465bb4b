import { Edit } from 'react-admin';
import { UnitDevices } from './UnitDevices';
import { UnitInputs } from './UnitInputs';

export function UnitEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <UnitInputs>
        <UnitDevices />
      </UnitInputs>
    </Edit>
  );
}
