import { Edit } from 'react-admin';
import { ProfileInputs } from './ProfileInputs';
import { SyncStatusPanel } from '../network/SyncStatusPanel';

export function ProfileEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SyncStatusPanel kind="profile" />
      <ProfileInputs />
    </Edit>
  );
}
