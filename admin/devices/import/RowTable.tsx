import { useRef } from 'react';
import { Box, Chip } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslate } from 'react-admin';
import type { RowState, RowStatus } from './rows';
import { translateMessage } from '../../providers/serverMessages';

const ROW_HEIGHT = 36;
const SCROLL_HEIGHT = 480;
const COLUMNS = '60px 170px 170px 1fr 1fr 200px 110px 1.4fr';
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
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 0, height: SCROLL_HEIGHT },
  });
  const cell = { px: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <Box role="table" aria-label={translate('app.import.rows')} aria-rowcount={rows.length + 1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: COLUMNS, fontWeight: 600, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {['line', 'dev_eui', 'join_eui', 'app_key', 'name', 'profile', 'status', 'reason'].map((column) => (
          <Box role="columnheader" key={column} sx={cell}>
            {translate(`app.import.columns.${column}`)}
          </Box>
        ))}
      </Box>
      <Box ref={scroller} role="rowgroup" sx={{ maxHeight: SCROLL_HEIGHT, overflow: 'auto' }}>
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
                  display: 'grid',
                  gridTemplateColumns: COLUMNS,
                  alignItems: 'center',
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box role="cell" sx={cell}>
                  {row.line}
                </Box>
                <Box role="cell" sx={{ ...cell, fontFamily: 'monospace' }}>
                  {row.dev_eui}
                </Box>
                <Box role="cell" sx={{ ...cell, fontFamily: 'monospace' }}>
                  {row.join_eui}
                </Box>
                <Box role="cell" sx={{ ...cell, fontFamily: 'monospace' }}>
                  {row.app_key}
                </Box>
                <Box role="cell" sx={cell}>
                  {row.name}
                </Box>
                <Box role="cell" sx={cell}>
                  <select
                    aria-label={translate('app.import.columns.profile')}
                    value={row.config ?? ''}
                    disabled={!editable}
                    onChange={(event) => onProfile(item.index, event.target.value)}
                    style={{ width: '100%' }}
                  >
                    {profiles.map((profile) => (
                      <option key={profile.id} value={profile.id}>
                        {profile.name}
                      </option>
                    ))}
                  </select>
                </Box>
                <Box role="cell" sx={cell}>
                  <Chip size="small" color={STATUS_COLOR[row.status]} label={translate(`app.import.status.${row.status}`)} />
                </Box>
                <Box role="cell" sx={cell} title={row.reason ? translateMessage(translate, row.reason) : undefined}>
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
