import { Create } from 'react-admin';
import { useCreatedNotice } from '../common/useCreatedNotice';
import { CompanyInputs } from './CompanyInputs';

export function CompanyCreate() {
  const notice = useCreatedNotice('list');
  return (
    <Create redirect="list" mutationOptions={notice}>
      <CompanyInputs />
    </Create>
  );
}
