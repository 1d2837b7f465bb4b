import { Edit } from 'react-admin';
import { DeviceInputs, toDeviceBody } from './DeviceInputs';
import { TopicsPanel } from './TopicsPanel';

export function DeviceEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={toDeviceBody} aside={<TopicsPanel />}>
      <DeviceInputs />
    </Edit>
  );
}
