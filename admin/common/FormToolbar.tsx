import { DeleteWithConfirmButton, SaveButton, Toolbar, useRecordContext } from 'react-admin';

/** Save, and on existing records a delete that asks first and says it cannot be undone (spec §5). */
export function FormToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id !== undefined && <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" />}
    </Toolbar>
  );
}
