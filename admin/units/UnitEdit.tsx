import { Edit } from 'react-admin';
import { UnitDevices } from './UnitDevices';
import { UnitForm } from './UnitForm';

export function UnitEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <UnitForm>
        <UnitDevices />
      </UnitForm>
    </Edit>
  );
}
