import { Create } from 'react-admin';
import { UnitForm } from './UnitForm';

export function UnitCreate() {
  return (
    <Create redirect="edit">
      <UnitForm />
    </Create>
  );
}
