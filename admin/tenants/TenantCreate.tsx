import { Create } from 'react-admin';
import { TenantInputs } from './TenantInputs';

export function TenantCreate() {
  return (
    <Create redirect="list">
      <TenantInputs />
    </Create>
  );
}
