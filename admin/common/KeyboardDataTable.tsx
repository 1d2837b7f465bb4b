import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import {
  ColumnsButton,
  DataTable,
  DataTableBody,
  DataTableRow,
  useDataTableCallbacksContext,
  useLocaleState,
  type DataTableBodyProps,
  type DataTableProps,
  type DataTableRowProps,
} from 'react-admin';
import { usePhone } from './PhoneOrGrid';

/**
 * A row a keyboard reaches and opens: with a row click (open, edit, expand) it is a tab stop and
 * Enter or Space does what a click does. Keys pressed on a checkbox or button inside the row stay
 * theirs. Its selection checkbox is labelled.
 */
const KeyboardRow = forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardRow({ onKeyDown, ...props }, ref) {
  const { rowClick } = useDataTableCallbacksContext();
  const opens = Boolean(rowClick);
  const row = useRef<HTMLTableRowElement>(null);
  useImperativeHandle(ref, () => row.current as HTMLTableRowElement);
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
  return <DataTableRow ref={row} {...props} {...(opens ? { tabIndex: 0, onKeyDown: handleKeyDown } : {})} />;
});

function KeyboardBody(props: DataTableBodyProps) {
  return <DataTableBody row={KeyboardRow} {...props} />;
}

/**
 * react-admin's DataTable whose rows open from the keyboard as they do on a click (issue #22);
 * its columns are chosen and ordered with ColumnChooser, and the choice is kept in the store.
 */
export function KeyboardDataTable(props: DataTableProps) {
  return <DataTable body={KeyboardBody} {...props} />;
}
KeyboardDataTable.Col = DataTable.Col;
KeyboardDataTable.NumberCol = DataTable.NumberCol;

/** The column chooser of a list's table; a phone shows cards, which have no columns to choose. */
export function ColumnChooser() {
  return usePhone() ? null : <ColumnsButton />;
}
