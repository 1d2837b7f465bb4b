import { Create } from 'react-admin';
import { useCreatedNotice } from '../common/useCreatedNotice';
import { TenantInputs } from './TenantInputs';

export function TenantCreate() {
  const notice = useCreatedNotice('list');
  return (
    <Create redirect="list" mutationOptions={notice}>
      <TenantInputs />
    </Create>
  );
}
