import { Edit } from 'react-admin';
import { TenantInputs } from './TenantInputs';

export function TenantEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <TenantInputs />
    </Edit>
  );
}
