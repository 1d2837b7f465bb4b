import { useCallback, type KeyboardEvent } from 'react';
import { Datagrid, DatagridBody, DatagridRow, type DatagridProps, type DatagridRowProps } from 'react-admin';

/**
 * A row a keyboard reaches and opens: with a row click (open, edit, expand) it is a tab stop and
 * Enter or Space does what a click does. Keys pressed on a checkbox or button inside the row stay theirs.
 */
function KeyboardRow({ rowClick, onKeyDown, ...props }: DatagridRowProps) {
  const opens = Boolean(rowClick);
  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>) => {
      onKeyDown?.(event);
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      event.currentTarget.click();
    },
    [onKeyDown],
  );
  return <DatagridRow rowClick={rowClick} {...props} {...(opens ? { tabIndex: 0, onKeyDown: handleKeyDown } : {})} />;
}

/** react-admin's Datagrid whose rows open from the keyboard as they do on a click (issue #22). */
export function KeyboardDatagrid(props: DatagridProps) {
  return <Datagrid body={<DatagridBody row={<KeyboardRow />} />} {...props} />;
}
