import { BulkDeleteWithConfirmButton, useRefresh, type BulkDeleteWithConfirmButtonProps } from 'react-admin';
import { PermittedForResource } from './Permitted';

/**
 * Bulk delete that asks first and waits for the API. react-admin removes the deleted rows from the
 * cached page and marks it fresh, so deleting a whole page left "No results" beside "1-10 of 28"
 * until a reload; the page is fetched again once the deletion has settled, which brings up the
 * next rows (and corrects the total). A role that may not delete sees it disabled with the reason.
 */
export function ConfirmBulkDelete(props: BulkDeleteWithConfirmButtonProps) {
  const refresh = useRefresh();
  return (
    <PermittedForResource kind="delete">
      <BulkDeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.common.delete_content" mutationOptions={{ onSettled: refresh }} {...props} />
    </PermittedForResource>
  );
}
