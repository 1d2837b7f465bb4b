import { Box, Button, List, ListItem, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { useCreatePath, useLocaleState, useTranslate } from 'react-admin';
import type { UnregisteredDevice } from '../../types/api';
import { Permitted } from '../../common/Permitted';
import { eventText, heardTime, prefill, signalText } from './heardText';

const T = 'app.devices.unregistered';
const MONO = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** Opens the device form filled with what the network server told (react-admin reads a create form's record from the location state). */
function AddButton({ heard }: { heard: UnregisteredDevice }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Permitted action="POST /device/">
      <Button
        component={Link}
        to={createPath({ resource: 'devices', type: 'create' })}
        state={{ record: prefill(heard) }}
        size="small"
        variant="outlined"
        startIcon={<AddIcon />}
        aria-label={translate(`${T}.add_label`, { dev_eui: heard.dev_eui })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate(`${T}.add`)}
      </Button>
    </Permitted>
  );
}

/**
 * The devices heard but not registered, each with "Add this device": a table on wider screens; on
 * a phone, where nine columns do not fit, a list whose entries carry the same facts under the name.
 */
export function HeardTable({ heard }: { heard: UnregisteredDevice[] }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = translate(`${T}.list_label`);
  const t = (key: string) => translate(`${T}.${key}`);

  if (phone) {
    return (
      <List aria-label={label} dense disablePadding>
        {heard.map((row) => (
          <ListItem key={row.dev_eui} divider sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
            <ListItemText
              primary={
                <Box component="span" sx={MONO}>
                  {row.dev_eui}
                </Box>
              }
              secondary={
                <>
                  {row.device_name && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {row.device_name}
                    </Box>
                  )}
                  {row.join_eui && (
                    <Box component="span" sx={{ display: 'block', ...MONO }}>
                      {t('join_eui')}: {row.join_eui}
                    </Box>
                  )}
                  <Box component="span" sx={{ display: 'block' }}>
                    {eventText(translate, row.last_event)} · {heardTime(row.last_seen, locale)} · {t('count')}: {row.count}
                  </Box>
                  {row.last_gateway_id && (
                    <Box component="span" sx={{ display: 'block', ...MONO }}>
                      {t('gateway')}: {row.last_gateway_id} · {signalText(translate, locale, row)}
                    </Box>
                  )}
                </>
              }
            />
            <AddButton heard={row} />
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {['dev_eui', 'join_eui', 'name', 'last_event', 'signal', 'gateway', 'count', 'last_seen'].map((column) => (
              <TableCell key={column}>{t(column)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {heard.map((row) => (
            <TableRow key={row.dev_eui}>
              <TableCell sx={MONO}>{row.dev_eui}</TableCell>
              <TableCell sx={MONO}>{row.join_eui ?? '—'}</TableCell>
              <TableCell>{row.device_name ?? '—'}</TableCell>
              <TableCell>{eventText(translate, row.last_event)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{signalText(translate, locale, row)}</TableCell>
              <TableCell sx={MONO}>{row.last_gateway_id ?? '—'}</TableCell>
              <TableCell align="right">{row.count}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{heardTime(row.last_seen, locale)}</TableCell>
              <TableCell>
                <AddButton heard={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
