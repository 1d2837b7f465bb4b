import { Create } from 'react-admin';
import { GroupForm } from './GroupForm';

export function GroupCreate() {
  return (
    <Create redirect="list">
      <GroupForm />
    </Create>
  );
}
