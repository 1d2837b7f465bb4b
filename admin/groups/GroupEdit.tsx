import { Edit } from 'react-admin';
import { GroupInputs } from './GroupInputs';

export function GroupEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <GroupInputs />
    </Edit>
  );
}
