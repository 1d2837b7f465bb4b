import { Edit } from 'react-admin';
import { ProfileForm } from './ProfileForm';

export function ProfileEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <ProfileForm />
    </Edit>
  );
}
