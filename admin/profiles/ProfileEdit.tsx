import { Edit } from 'react-admin';
import { ProfileInputs } from './ProfileInputs';
import { SyncStatusPanel } from '../network/SyncStatusPanel';
import { KEEP_EDITS, pollRecordWhilePending } from '../network/pollWhilePending';

export function ProfileEdit() {
  return (
    <Edit mutationMode="pessimistic" queryOptions={pollRecordWhilePending}>
      <SyncStatusPanel kind="profile" />
      <ProfileInputs resetOptions={KEEP_EDITS} />
    </Edit>
  );
}
