import { Edit } from 'react-admin';
import { CompanyForm } from './CompanyInputs';

export function CompanyEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <CompanyForm />
    </Edit>
  );
}
