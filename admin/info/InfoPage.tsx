import { useEffect, useState } from 'react';
import { Chip, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { version as frontendVersion } from '../../package.json';
import { apiRequest } from '../providers/http';

type Backend = { status: 'checking' } | { status: 'online'; version: string } | { status: 'offline' };

const fetchBackendVersion = () => apiRequest<{ version: string }>('/version');

/** Info (spec §2): frontend and backend versions, backend online or offline. */
export function InfoPage({ fetchVersion = fetchBackendVersion }: { fetchVersion?: () => Promise<{ version: string }> }) {
  const translate = useTranslate();
  const [backend, setBackend] = useState<Backend>({ status: 'checking' });

  useEffect(() => {
    let active = true;
    fetchVersion().then(
      (info) => active && setBackend({ status: 'online', version: info.version }),
      () => active && setBackend({ status: 'offline' }),
    );
    return () => {
      active = false;
    };
  }, [fetchVersion]);

  return (
    <>
      <Title title={translate('app.info.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.info.title')}
      </Typography>
      <Paper sx={{ maxWidth: 560 }}>
        <Table>
          <TableBody>
            <TableRow>
              <TableCell component="th">{translate('app.info.frontend_version')}</TableCell>
              <TableCell>{frontendVersion}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th">{translate('app.info.backend_version')}</TableCell>
              <TableCell data-testid="backend-version">
                {backend.status === 'online' ? backend.version : backend.status === 'offline' ? translate('app.info.backendUnavailable') : '…'}
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th">{translate('app.info.backend_status')}</TableCell>
              <TableCell>
                {backend.status !== 'checking' && (
                  <Chip
                    size="small"
                    color={backend.status === 'online' ? 'success' : 'error'}
                    label={translate(backend.status === 'online' ? 'app.info.online' : 'app.info.offline')}
                  />
                )}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
