import { DeleteWithConfirmButton, type DeleteWithConfirmButtonProps } from 'react-admin';

/** Delete that asks first and says it cannot be undone (spec §5), waiting for the API's answer. */
export function ConfirmDeleteButton(props: DeleteWithConfirmButtonProps) {
  return <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" {...props} />;
}
