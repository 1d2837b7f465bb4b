import { Edit } from 'react-admin';
import { CompanyInputs } from './CompanyInputs';
import { CompanyPeople } from './CompanyPeople';
import { PlanNotice } from './PlanNotice';

export function CompanyEdit() {
  return (
    <>
      <Edit mutationMode="pessimistic">
        <CompanyInputs />
        <PlanNotice />
      </Edit>
      <CompanyPeople />
    </>
  );
}
