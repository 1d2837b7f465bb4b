import { SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';

/** Save, and on existing records a delete that asks first and says it cannot be undone (spec §5). */
export function FormToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id !== undefined && <ConfirmDeleteButton />}
    </Toolbar>
  );
}
