import { Create } from 'react-admin';
import { DeviceInputs, toDeviceBody } from './DeviceInputs';

/** Register a device; server field errors (e.g. a DevEUI already registered) show under the field. */
export function DeviceCreate() {
  return (
    <Create redirect="list" transform={toDeviceBody}>
      <DeviceInputs />
    </Create>
  );
}
