import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslate } from 'react-admin';
import type { EditableField, RowState } from './rows';
import { translateMessage } from '../../providers/serverMessages';
import { usePhone } from '../../common/PhoneOrGrid';
import { StatusCell, TextCell } from './RowCells';

const SCROLL_HEIGHT = 480;
/** Read by screen readers, not shown (pixels as strings: in `sx` a bare 1 means 100 %). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const COLUMN_NAMES = ['line', 'dev_eui', 'join_eui', 'app_key', 'name', 'profile', 'status', 'reason'] as const;

/**
 * The rows' layout: a line of eight columns on a wide screen; on a phone a card per row (name and
 * status, DevEUI, the reason in up to two lines, the profile as a 44 px control) without the keys,
 * which nobody reads on a phone, so nothing collapses to one letter (issue #22). A row being
 * corrected is taller: its cells are fields with the refusal under them, and on a phone its card
 * shows every field, the keys included, one under the other.
 */
const WIDE = {
  rowHeight: 36,
  openHeight: 84,
  columns: '60px 170px 170px 1fr 1fr 200px 140px 1.4fr',
  areas: undefined,
  openAreas: undefined,
  hidden: [] as string[],
};
const PHONE = {
  rowHeight: 164,
  openHeight: 420,
  columns: 'auto minmax(0, 1fr) auto',
  areas: '"line name status" "line dev_eui dev_eui" "reason reason reason" "profile profile profile"',
  openAreas:
    '"line status status" "name name name" "dev_eui dev_eui dev_eui" "join_eui join_eui join_eui" "app_key app_key app_key" "reason reason reason" "profile profile profile"',
  hidden: ['join_eui', 'app_key'],
};

export interface ProfileChoice {
  id: string;
  name: string;
}

/**
 * Every row of the file with its profile and state; virtual, so 10,000 rows scroll smoothly. After
 * the import a failed row can be opened, corrected in its cells and retried on its own.
 */
export function RowTable({
  rows,
  profiles,
  onEdit,
  onRetry,
  editable,
  correctable = false,
}: {
  rows: RowState[];
  profiles: ProfileChoice[];
  onEdit: (index: number, change: Partial<Pick<RowState, EditableField>>) => void;
  onRetry?: (index: number) => void;
  /** Before the import: each row's profile can be chosen. */
  editable: boolean;
  /** After the import, while nothing is being sent: failed rows can be corrected and retried. */
  correctable?: boolean;
}) {
  const translate = useTranslate();
  const layout = usePhone() ? PHONE : WIDE;
  const scroller = useRef<HTMLDivElement>(null);
  // Rows the user opened for correcting; one stays open after a retry that failed again.
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const isOpen = (index: number) => opened.has(index) && rows[index]?.status === 'failed';
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (isOpen(index) ? layout.openHeight : layout.rowHeight),
    overscan: 12,
    initialRect: { width: 0, height: SCROLL_HEIGHT },
  });
  const [focused, setFocused] = useState<number | null>(null);
  // Heights change when a row opens or its state changes: the virtualizer measures again.
  useEffect(() => virtualizer.measure(), [virtualizer, opened, rows, layout]);
  // A row just opened scrolls to the top of the box, so its fields show whole (a phone's card is tall).
  useEffect(() => {
    if (focused !== null) virtualizer.scrollToIndex(focused, { align: 'start' });
  }, [virtualizer, focused, opened]);
  const phone = layout === PHONE;
  const cell = (column: (typeof COLUMN_NAMES)[number], open = false) => ({
    px: 1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ...(phone ? { gridArea: column } : {}),
    ...(layout.hidden.includes(column) && !open ? { display: 'none' } : {}),
  });
  // On a phone the reason wraps to two lines instead of being cut to a few letters.
  const reasonCell = phone
    ? { ...cell('reason'), whiteSpace: 'normal', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' as const }
    : cell('reason');
  const grid = (open = false) => {
    const areas = open ? layout.openAreas : layout.areas;
    return { display: 'grid', gridTemplateColumns: layout.columns, ...(areas ? { gridTemplateAreas: areas } : {}) };
  };
  return (
    <Box role="table" aria-label={translate('app.import.rows')} aria-rowcount={rows.length + 1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* A phone's cards need no header line; screen readers still get the column names. */}
      <Box role="row" sx={phone ? visuallyHidden : { ...grid(), fontWeight: 600, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {COLUMN_NAMES.map((column) => (
          <Box role="columnheader" key={column} sx={cell(column)}>
            {translate(`app.import.columns.${column}`)}
          </Box>
        ))}
      </Box>
      {/* It scrolls, so a keyboard can reach it to scroll it (WCAG 2.1.1). */}
      <Box ref={scroller} role="rowgroup" tabIndex={0} sx={{ maxHeight: SCROLL_HEIGHT, overflow: 'auto' }}>
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] as RowState;
            const open = isOpen(item.index);
            const text = (field: 'dev_eui' | 'join_eui' | 'app_key' | 'name') => (
              <TextCell
                row={row}
                field={field}
                open={open}
                phone={phone}
                sx={{
                  ...cell(field, open),
                  ...(field === 'name' ? { fontWeight: phone ? 600 : undefined } : { fontFamily: 'monospace' }),
                  ...(open ? { py: 0.5 } : {}),
                }}
                onChange={(value) => onEdit(item.index, { [field]: value })}
              />
            );
            // The reason shows on its cell while the row is corrected; only one about no cell stays here.
            const reason = row.reason && !(open && row.field && row.field !== 'config') ? translateMessage(translate, row.reason) : '';
            return (
              <Box
                role="row"
                aria-rowindex={item.index + 2}
                key={item.key}
                data-testid="import-row"
                sx={{
                  ...grid(open),
                  alignItems: open ? 'start' : 'center',
                  // The card's lines keep their own height; the room left stays at the bottom.
                  alignContent: open ? 'start' : undefined,
                  rowGap: 0.5,
                  py: phone || open ? 1 : 0,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: open ? layout.openHeight : layout.rowHeight,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box role="cell" sx={{ ...cell('line'), alignSelf: 'start', color: 'text.secondary' }}>
                  {row.line}
                </Box>
                {text('dev_eui')}
                {text('join_eui')}
                {text('app_key')}
                {text('name')}
                <Box role="cell" sx={cell('profile')}>
                  <select
                    aria-label={translate('app.import.columns.profile')}
                    aria-invalid={open && row.field === 'config' ? true : undefined}
                    value={row.config ?? ''}
                    disabled={!editable && !(open && correctable)}
                    onChange={(event) => onEdit(item.index, { config: event.target.value })}
                    style={{ width: '100%', minHeight: phone || open ? 44 : undefined, font: 'inherit' }}
                  >
                    {profiles.map((profile) => (
                      <option key={profile.id} value={profile.id}>
                        {profile.name}
                      </option>
                    ))}
                  </select>
                </Box>
                <StatusCell
                  row={row}
                  open={open}
                  actions={correctable}
                  phone={phone}
                  sx={cell('status')}
                  onOpen={() => {
                    setOpened(new Set(opened).add(item.index));
                    setFocused(item.index);
                  }}
                  onRetry={() => onRetry?.(item.index)}
                />
                <Box role="cell" sx={open ? { ...cell('reason'), whiteSpace: 'normal' } : reasonCell} title={reason || undefined}>
                  {reason}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
