import { Create } from 'react-admin';
import { TenantForm } from './TenantInputs';

export function TenantCreate() {
  return (
    <Create redirect="list">
      <TenantForm />
    </Create>
  );
}
