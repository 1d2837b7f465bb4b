import { Edit } from 'react-admin';
import { DeviceInputs, toDeviceBody } from './DeviceInputs';
import { TopicsPanel } from './TopicsPanel';
import { SyncStatusPanel } from '../network/SyncStatusPanel';
import { DownlinksPanel } from './downlinks/DownlinksPanel';

export function DeviceEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={toDeviceBody} aside={<TopicsPanel />}>
      <SyncStatusPanel kind="device" />
      <DeviceInputs />
      <DownlinksPanel />
    </Edit>
  );
}
