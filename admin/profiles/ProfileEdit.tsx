import { Edit } from 'react-admin';
import { ProfileInputs } from './ProfileInputs';

export function ProfileEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <ProfileInputs />
    </Edit>
  );
}
