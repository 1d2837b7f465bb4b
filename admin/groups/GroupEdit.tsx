import { Edit } from 'react-admin';
import { GroupForm } from './GroupForm';

export function GroupEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <GroupForm />
    </Edit>
  );
}
