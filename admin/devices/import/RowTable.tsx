import { useRef } from 'react';
import { Box, Chip } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslate } from 'react-admin';
import type { RowState, RowStatus } from './rows';
import { translateMessage } from '../../providers/serverMessages';
import { usePhone } from '../../common/PhoneOrGrid';

const SCROLL_HEIGHT = 480;
/** Read by screen readers, not shown (pixels as strings: in `sx` a bare 1 means 100 %). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const COLUMN_NAMES = ['line', 'dev_eui', 'join_eui', 'app_key', 'name', 'profile', 'status', 'reason'] as const;

/**
 * The rows' layout: a line of eight columns on a wide screen; on a phone a card per row (name and
 * status, DevEUI, the reason in up to two lines, the profile as a 44 px control) without the keys,
 * which nobody reads on a phone, so nothing collapses to one letter (issue #22).
 */
const WIDE = { rowHeight: 36, columns: '60px 170px 170px 1fr 1fr 200px 110px 1.4fr', areas: undefined, hidden: [] as string[] };
const PHONE = {
  rowHeight: 164,
  columns: 'auto minmax(0, 1fr) auto',
  areas: '"line name status" "line dev_eui dev_eui" "reason reason reason" "profile profile profile"',
  hidden: ['join_eui', 'app_key'],
};
const STATUS_COLOR: Record<RowStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  ready: 'default',
  importing: 'info',
  success: 'success',
  failed: 'error',
  duplicate: 'warning',
};

export interface ProfileChoice {
  id: string;
  name: string;
}

/** Every row of the file with its profile and state; virtual, so 10,000 rows scroll smoothly. */
export function RowTable({
  rows,
  profiles,
  onProfile,
  editable,
}: {
  rows: RowState[];
  profiles: ProfileChoice[];
  onProfile: (index: number, config: string) => void;
  editable: boolean;
}) {
  const translate = useTranslate();
  const layout = usePhone() ? PHONE : WIDE;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => layout.rowHeight,
    overscan: 12,
    initialRect: { width: 0, height: SCROLL_HEIGHT },
  });
  const phone = layout === PHONE;
  const cell = (column: (typeof COLUMN_NAMES)[number]) => ({
    px: 1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ...(phone ? { gridArea: column } : {}),
    ...(layout.hidden.includes(column) ? { display: 'none' } : {}),
  });
  // On a phone the reason wraps to two lines instead of being cut to a few letters.
  const reasonCell = phone
    ? { ...cell('reason'), whiteSpace: 'normal', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' as const }
    : cell('reason');
  const grid = { display: 'grid', gridTemplateColumns: layout.columns, ...(layout.areas ? { gridTemplateAreas: layout.areas } : {}) };
  return (
    <Box role="table" aria-label={translate('app.import.rows')} aria-rowcount={rows.length + 1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* A phone's cards need no header line; screen readers still get the column names. */}
      <Box role="row" sx={phone ? visuallyHidden : { ...grid, fontWeight: 600, py: 1, borderBottom: 1, borderColor: 'divider' }}>
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
            return (
              <Box
                role="row"
                aria-rowindex={item.index + 2}
                key={item.key}
                data-testid="import-row"
                sx={{
                  ...grid,
                  alignItems: 'center',
                  rowGap: 0.5,
                  py: phone ? 1 : 0,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: layout.rowHeight,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box role="cell" sx={{ ...cell('line'), alignSelf: 'start', color: 'text.secondary' }}>
                  {row.line}
                </Box>
                <Box role="cell" sx={{ ...cell('dev_eui'), fontFamily: 'monospace' }}>
                  {row.dev_eui}
                </Box>
                <Box role="cell" sx={{ ...cell('join_eui'), fontFamily: 'monospace' }}>
                  {row.join_eui}
                </Box>
                <Box role="cell" sx={{ ...cell('app_key'), fontFamily: 'monospace' }}>
                  {row.app_key}
                </Box>
                <Box role="cell" sx={{ ...cell('name'), fontWeight: phone ? 600 : undefined }}>
                  {row.name}
                </Box>
                <Box role="cell" sx={cell('profile')}>
                  <select
                    aria-label={translate('app.import.columns.profile')}
                    value={row.config ?? ''}
                    disabled={!editable}
                    onChange={(event) => onProfile(item.index, event.target.value)}
                    style={{ width: '100%', minHeight: phone ? 44 : undefined, font: 'inherit' }}
                  >
                    {profiles.map((profile) => (
                      <option key={profile.id} value={profile.id}>
                        {profile.name}
                      </option>
                    ))}
                  </select>
                </Box>
                <Box role="cell" sx={cell('status')}>
                  <Chip size="small" color={STATUS_COLOR[row.status]} label={translate(`app.import.status.${row.status}`)} />
                </Box>
                <Box role="cell" sx={reasonCell} title={row.reason ? translateMessage(translate, row.reason) : undefined}>
                  {row.reason ? translateMessage(translate, row.reason) : ''}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
