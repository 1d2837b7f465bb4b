import { Children, forwardRef, useImperativeHandle, useRef, type HTMLAttributes } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

/** Spec §9: the combobox's virtual list has rows of 40 px and renders 12 beyond the view. */
export const COMBOBOX_ROW_HEIGHT = 40;
export const COMBOBOX_OVERSCAN = 12;
const VISIBLE_ROWS = 8;

/**
 * The listbox of an Autocomplete that mounts only the options in view, so a select over thousands
 * of profiles, units or devices opens at once. The element keeps the listbox role and props MUI
 * gives it, and MUI's ref, so keyboard navigation and scrolling the highlighted option into view
 * keep working.
 */
export const VirtualListbox = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function VirtualListbox({ children, style, ...props }, ref) {
  const options = Children.toArray(children);
  const scroller = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => scroller.current as HTMLDivElement);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => COMBOBOX_ROW_HEIGHT,
    overscan: COMBOBOX_OVERSCAN,
    // The first render happens before the list is laid out: start with a full view of rows.
    initialRect: { width: 0, height: COMBOBOX_ROW_HEIGHT * VISIBLE_ROWS },
  });
  // A div rather than a ul: the spacer and the positioned rows between the listbox and its options
  // are not list items. The role and ARIA props from MUI keep it a listbox of options.
  return (
    <div {...props} ref={scroller} style={{ ...style, maxHeight: COMBOBOX_ROW_HEIGHT * VISIBLE_ROWS, overflow: 'auto' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: COMBOBOX_ROW_HEIGHT,
              display: 'flex',
              alignItems: 'center',
              transform: `translateY(${row.start}px)`,
            }}
          >
            {options[row.index]}
          </div>
        ))}
      </div>
    </div>
  );
});
