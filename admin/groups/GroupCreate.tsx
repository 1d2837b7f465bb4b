import { Create } from 'react-admin';
import { GroupInputs } from './GroupInputs';

export function GroupCreate() {
  return (
    <Create redirect="list">
      <GroupInputs />
    </Create>
  );
}
