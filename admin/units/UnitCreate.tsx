import { Create } from 'react-admin';
import { useCreatedNotice } from '../common/useCreatedNotice';
import { UnitInputs } from './UnitInputs';

export function UnitCreate() {
  const notice = useCreatedNotice('edit');
  return (
    <Create redirect="edit" mutationOptions={notice}>
      <UnitInputs />
    </Create>
  );
}
