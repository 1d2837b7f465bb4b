import { Edit } from 'react-admin';
import { DeviceInputs, toDeviceBody } from './DeviceInputs';
import { TopicsPanel } from './TopicsPanel';
import { SyncStatusPanel } from '../network/SyncStatusPanel';
import { KEEP_EDITS, pollRecordWhilePending } from '../network/pollWhilePending';

export function DeviceEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={toDeviceBody} aside={<TopicsPanel />} queryOptions={pollRecordWhilePending}>
      <SyncStatusPanel kind="device" />
      <DeviceInputs resetOptions={KEEP_EDITS} />
    </Edit>
  );
}
