import { useEffect, type ReactNode } from 'react';
import { Alert, Box, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { networkCheck, verification, VERIFY_POLL_MS, type NetworkCheck } from './wizard';
import type { Gateway, GatewayNetwork } from '../types/api';

type CheckState = 'done' | 'waiting' | 'unavailable';

const ICONS: Record<CheckState, ReactNode> = {
  done: <CheckCircleIcon color="success" />,
  waiting: <CircularProgress size={20} aria-hidden />,
  unavailable: <ErrorOutlineIcon color="warning" />,
};

const networkState = (check: NetworkCheck): CheckState => (check === 'seen' ? 'done' : check === 'unreachable' ? 'unavailable' : 'waiting');

function Check({ label, state }: { label: string; state: CheckState }) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[state]}</ListItemIcon>
      <ListItemText primary={translate(label)} secondary={translate(`app.gateways.check_states.${state}`)} />
    </ListItem>
  );
}

/**
 * The verify step: asks until the gateway has connected to the broker with its certificate and,
 * when a network server is linked, until that also hears it (ChirpStack's last-seen) — a TLS
 * session alone does not show that the gateway's LoRa traffic reaches ChirpStack.
 */
export function VerifyStep({ gatewayId, onVerified }: { gatewayId: string; onVerified: (by: GatewayNetwork['mode']) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const broker = useGetOne<Pick<Gateway, 'id' | 'connected'>>(
    'gateways',
    { id: gatewayId },
    { refetchInterval: VERIFY_POLL_MS, retry: false, onError: (error) => console.warn('Gateway status check failed', error) },
  );
  const network = useQuery({
    queryKey: ['gateways', 'gatewayNetwork', { id: gatewayId }],
    queryFn: () => dataProvider.gatewayNetwork(gatewayId),
    refetchInterval: VERIFY_POLL_MS,
    retry: false,
  });
  const connected = broker.data?.connected === true;
  const check = networkCheck(network.data, network.isError ? network.error : undefined);
  const verifiedBy = verification(connected, check);
  useEffect(() => {
    if (verifiedBy) onVerified(verifiedBy);
  }, [verifiedBy, onVerified]);

  // Standalone, or before the first answer: the broker connection is the one thing to wait for.
  if (check === 'standalone' || check === 'unknown') {
    return (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate('app.gateways.waiting')}</Typography>
        </Box>
        {network.isError && check === 'unknown' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(network.error, translate, 'app.errors.general')}
          </Alert>
        )}
      </>
    );
  }

  return (
    <Box role="status">
      <List dense disablePadding>
        <Check label="app.gateways.checks.tls" state={connected ? 'done' : 'waiting'} />
        <Check label="app.gateways.checks.network_server" state={networkState(check)} />
      </List>
      {connected && check === 'not_seen' && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('app.gateways.not_seen_yet')}
        </Alert>
      )}
      {check === 'unreachable' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('app.gateways.network_unreachable')}
        </Alert>
      )}
    </Box>
  );
}
