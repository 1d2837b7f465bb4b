import { Edit } from 'react-admin';
import { CompanyForm } from './CompanyInputs';
import { CompanyPeople } from './CompanyPeople';

export function CompanyEdit() {
  return (
    <>
      <Edit mutationMode="pessimistic">
        <CompanyForm />
      </Edit>
      <CompanyPeople />
    </>
  );
}
