import { Chip, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useApiQuery } from '../common/useApiQuery';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { version as frontendVersion } from '../../package.json';
import type { AppDataProvider } from '../providers/dataProvider';
import { NetworkServerInfo } from './NetworkServerInfo';

type Backend = { status: 'checking' } | { status: 'online'; version: string } | { status: 'offline' };

/** Info (spec §2): frontend and backend versions, backend online or offline; and the network server (issue #13). */
export function InfoPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // One failed answer means offline (useApiQuery does not retry silently).
  const query = useApiQuery({ queryKey: ['version'], queryFn: () => dataProvider.version() });
  const backend: Backend = query.isError ? { status: 'offline' } : query.data ? { status: 'online', version: query.data.version } : { status: 'checking' };

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
      <NetworkServerInfo />
    </>
  );
}
