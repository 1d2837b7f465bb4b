import { Edit } from 'react-admin';
import { DeviceInputs, toDeviceBody } from './DeviceInputs';
import { TopicsPanel } from './TopicsPanel';
import { SyncStatusPanel } from '../network/SyncStatusPanel';
import { KEEP_EDITS, pollRecordWhilePending } from '../network/pollWhilePending';

export function DeviceEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={toDeviceBody}
      aside={<TopicsPanel />}
      queryOptions={pollRecordWhilePending}
      // Below md the topics go under the form instead of squeezing it (issue #22).
      sx={{ '& .RaEdit-main': { flexDirection: { xs: 'column', md: 'row' }, alignItems: { xs: 'stretch', md: 'flex-start' } } }}
    >
      <SyncStatusPanel kind="device" />
      <DeviceInputs resetOptions={KEEP_EDITS} />
    </Edit>
  );
}
