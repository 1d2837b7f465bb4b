import { Create } from 'react-admin';
import { useCreatedNotice } from '../common/useCreatedNotice';
import { GroupInputs } from './GroupInputs';

export function GroupCreate() {
  const notice = useCreatedNotice('list');
  return (
    <Create redirect="list" mutationOptions={notice}>
      <GroupInputs />
    </Create>
  );
}
