import { useMemo } from 'react';
import { Menu, type MenuProps } from '@mui/material';
import { createTypeAhead, typeAheadHandler } from './typeAhead';

/** MUI's Menu with the console's type-ahead: typing jumps to an item, and the typed text resets after 350 ms. */
export function TypeAheadMenu({ slotProps, ...props }: MenuProps) {
  const onKeyDownCapture = useMemo(() => typeAheadHandler(createTypeAhead()), []);
  return <Menu {...props} slotProps={{ ...slotProps, list: { ...slotProps?.list, onKeyDownCapture } }} />;
}
