import { Create } from 'react-admin';
import { CompanyForm } from './CompanyInputs';

export function CompanyCreate() {
  return (
    <Create redirect="list">
      <CompanyForm />
    </Create>
  );
}
