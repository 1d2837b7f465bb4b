import { SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { PermittedForResource } from './Permitted';

/** Save, and on existing records a delete that asks first and says it cannot be undone (spec §5); each disabled with the reason for a role that may not. */
export function FormToolbar() {
  const record = useRecordContext();
  const existing = record?.id !== undefined;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <PermittedForResource kind={existing ? 'edit' : 'create'}>
        <SaveButton />
      </PermittedForResource>
      {existing && <ConfirmDeleteButton />}
    </Toolbar>
  );
}
