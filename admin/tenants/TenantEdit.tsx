import { Edit } from 'react-admin';
import { TenantForm } from './TenantInputs';

export function TenantEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <TenantForm />
    </Edit>
  );
}
