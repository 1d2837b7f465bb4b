import { Edit } from 'react-admin';
import { CompanyForm } from './CompanyInputs';
import { CompanyPeople } from './CompanyPeople';
import { PlanNotice } from './PlanNotice';

export function CompanyEdit() {
  return (
    <>
      <Edit mutationMode="pessimistic">
        <CompanyForm />
        <PlanNotice />
      </Edit>
      <CompanyPeople />
    </>
  );
}
