import { Create } from 'react-admin';
import { useCreatedNotice } from '../common/useCreatedNotice';
import { DeviceInputs, toDeviceBody } from './DeviceInputs';

/** Register a device; server field errors (e.g. a DevEUI already registered) show under the field. */
export function DeviceCreate() {
  const notice = useCreatedNotice('list');
  return (
    <Create redirect="list" mutationOptions={notice} transform={toDeviceBody}>
      <DeviceInputs />
    </Create>
  );
}
