import { DeleteWithConfirmButton, type DeleteWithConfirmButtonProps } from 'react-admin';
import { PermittedForResource } from './Permitted';

/** Delete that asks first and says it cannot be undone (spec §5), waiting for the API's answer; disabled with the reason for a role that may not. */
export function ConfirmDeleteButton(props: DeleteWithConfirmButtonProps) {
  return (
    <PermittedForResource kind="delete">
      <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" {...props} />
    </PermittedForResource>
  );
}
