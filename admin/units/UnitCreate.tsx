import { Create } from 'react-admin';
import { UnitInputs } from './UnitInputs';

export function UnitCreate() {
  return (
    <Create redirect="edit">
      <UnitInputs />
    </Create>
  );
}
