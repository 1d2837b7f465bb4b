import { useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { Datagrid, DatagridBody, DatagridRow, useLocaleState, type DatagridProps, type DatagridRowProps } from 'react-admin';

/**
 * A row a keyboard reaches and opens: with a row click (open, edit, expand) it is a tab stop and
 * Enter or Space does what a click does. Keys pressed on a checkbox or button inside the row stay
 * theirs. Its selection checkbox is labelled.
 */
function KeyboardRow({ rowClick, onKeyDown, ...props }: DatagridRowProps) {
  const opens = Boolean(rowClick);
  const row = useRef<HTMLTableRowElement>(null);
  // Read so that this row renders again, and moves the label again, when the language changes.
  useLocaleState();
  // react-admin puts the selection checkbox's "Select this row" on the checkbox's wrapper, where
  // it names nothing (the input stays unlabelled, axe: label, aria-prohibited-attr): it moves to
  // the input. After every render, since a language change writes it to the wrapper again.
  useLayoutEffect(() => {
    const wrapper = row.current?.querySelector('.select-item[aria-label]');
    const input = wrapper?.querySelector('input');
    if (!wrapper || !input) return;
    input.setAttribute('aria-label', wrapper.getAttribute('aria-label') ?? '');
    wrapper.removeAttribute('aria-label');
  });
  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>) => {
      onKeyDown?.(event);
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      event.currentTarget.click();
    },
    [onKeyDown],
  );
  return <DatagridRow ref={row} rowClick={rowClick} {...props} {...(opens ? { tabIndex: 0, onKeyDown: handleKeyDown } : {})} />;
}

/** react-admin's Datagrid whose rows open from the keyboard as they do on a click (issue #22). */
export function KeyboardDatagrid(props: DatagridProps) {
  return <Datagrid body={<DatagridBody row={<KeyboardRow />} />} {...props} />;
}
