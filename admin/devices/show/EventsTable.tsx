import { Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../../common/format';
import type { DeviceEventItem } from '../../types/api';
import { eventDetails } from './eventDetails';

const LEVEL_COLORS = { ERROR: 'error', WARNING: 'warning', INFO: 'info' } as const;

function LevelChip({ level }: { level: string | null }) {
  const translate = useTranslate();
  if (!level) return null;
  const color = LEVEL_COLORS[level as keyof typeof LEVEL_COLORS] ?? 'default';
  return <Chip size="small" color={color} label={translate(`app.operations.events.levels.${level}`, { _: level })} />;
}

/** A log code with its name in the reader's language; the code itself stays visible, as ChirpStack's docs use it. */
function Code({ code }: { code: string | null }) {
  const translate = useTranslate();
  if (!code) return null;
  const name = translate(`app.operations.events.codes.${code}`, { _: code });
  return (
    <span title={code}>
      {name}
      {name !== code && (
        <Box component="span" sx={{ ml: 0.5, color: 'text.secondary', fontFamily: 'monospace', fontSize: '0.85em' }}>
          {code}
        </Box>
      )}
    </span>
  );
}

/** The events, newest first: a table on wide screens, one stacked block per event on a phone. */
export function EventsTable({ events }: { events: DeviceEventItem[] }) {
  const translate = useTranslate();
  const format = useFormatters();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const typeName = (event: DeviceEventItem) => translate(`app.operations.events.types.${event.type}`);

  if (phone)
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('app.operations.events.title')}>
        {events.map((event) => (
          <Box component="li" key={event.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="body2" fontWeight={600}>
                {typeName(event)}
              </Typography>
              <LevelChip level={event.level} />
              <Typography variant="caption" color="text.secondary">
                {format.dateTime(event.created_at)}
              </Typography>
            </Stack>
            {event.code && (
              <Typography variant="body2">
                <Code code={event.code} />
              </Typography>
            )}
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {eventDetails(event, translate)}
            </Typography>
          </Box>
        ))}
      </Stack>
    );

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.operations.events.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.operations.time')}</TableCell>
            <TableCell>{translate('app.operations.events.type')}</TableCell>
            <TableCell>{translate('app.operations.events.level')}</TableCell>
            <TableCell>{translate('app.operations.events.code')}</TableCell>
            <TableCell>{translate('app.operations.events.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(event.created_at)}</TableCell>
              <TableCell>{typeName(event)}</TableCell>
              <TableCell>
                <LevelChip level={event.level} />
              </TableCell>
              <TableCell>
                <Code code={event.code} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{eventDetails(event, translate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
