import { Create } from 'react-admin';
import { CompanyInputs } from './CompanyInputs';

export function CompanyCreate() {
  return (
    <Create redirect="list">
      <CompanyInputs />
    </Create>
  );
}
