import { Alert, Box, Button, Chip, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../common/useApiQuery';
import { RECONCILE_PATH } from '../network/reconcile';
import type { AppDataProvider } from '../providers/dataProvider';
import { useCompanyState } from '../stores/hooks';
import { MqttLinkRows } from './MqttLinkRows';

/**
 * The Info page's network-server section (issues #13, #14): standalone, where data arrives through
 * the ingest API, or ChirpStack with how many changes of the user's companies wait or failed; the
 * answering server's MQTT link when it subscribes to the network server's broker. Owners of the
 * selected company find its reconciliation here, beside the counts that make one wanted.
 */
export function NetworkServerInfo() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useApiQuery({ queryKey: ['networkStatus'], queryFn: () => dataProvider.networkStatus() });
  const status = query.data;
  const { companies, selectedCompanyId } = useCompanyState();
  const owner = companies.find((company) => company.id === selectedCompanyId)?.role === 'owner';

  return (
    <Paper sx={{ maxWidth: 560, mt: 3 }} component="section" aria-labelledby="network-server-info">
      <Typography variant="h6" component="h2" id="network-server-info" sx={{ px: 2, pt: 2 }}>
        {translate('app.network.title')}
      </Typography>
      {query.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {translate('app.network.info.load_failed')}
        </Alert>
      )}
      {!query.isError && (
        <Table>
          <TableBody>
            <TableRow>
              <TableCell component="th">{translate('app.network.info.mode')}</TableCell>
              <TableCell data-testid="network-mode">
                {status ? translate(`app.network.info.modes.${status.mode}`) : '…'}
                {status?.mode === 'standalone' && (
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.network.info.standalone_help')}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
            {status?.mqtt && <MqttLinkRows link={status.mqtt} />}
            {status?.mode === 'chirpstack' && (
              <>
                <TableRow>
                  <TableCell component="th">{translate('app.network.info.pending')}</TableCell>
                  <TableCell data-testid="network-pending">{status.pending}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">{translate('app.network.info.failed')}</TableCell>
                  <TableCell data-testid="network-failed">
                    {status.failed > 0 ? <Chip size="small" color="error" label={status.failed} /> : status.failed}
                  </TableCell>
                </TableRow>
              </>
            )}
          </TableBody>
        </Table>
      )}
      {status?.mode === 'chirpstack' && owner && (
        <Box sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.network.reconcile.open_help')}
          </Typography>
          <Button component={Link} to={RECONCILE_PATH} variant="outlined">
            {translate('app.network.reconcile.open')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
