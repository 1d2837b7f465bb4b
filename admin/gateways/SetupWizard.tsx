import { useCallback, useReducer, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useMutation } from '@tanstack/react-query';
import { useCreate, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { translateMessage } from '../providers/serverMessages';
import { CertificateFiles } from './CertificateFiles';
import { VerifyStep } from './VerifyStep';
import { usePhone } from '../common/PhoneOrGrid';
import { initialWizard, WIZARD_STEPS, wizardReducer, type RegisteredGateway } from './wizard';
import type { GatewayNetwork } from '../types/api';

const REQUIREMENTS = ['os', 'password', 'concentrator', 'forwarder'] as const;

/** The message of a failed registration the user can act on: the API's field message, if any. */
function fieldMessage(error: unknown): string | null {
  const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
  return body?.errors?.gateway_id ?? null;
}

/** Gateway setup wizard (spec §2): four steps; skip and close at any point. */
export function SetupWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [create] = useCreate<RegisteredGateway & { name: string }>();
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const [gatewayId, setGatewayId] = useState('');
  const [name, setName] = useState('');
  const gateway = state.gateway;
  // Configure: one certificate per registration. Every call issues a new key pair, so it is asked
  // for once, when the registration succeeds, and never refetched behind the user's back.
  const issue = useMutation({ mutationFn: (id: Identifier) => dataProvider.issueGatewayCertificate(id) });
  const certificate = issue.data ?? null;
  const verified = useCallback((by: GatewayNetwork['mode']) => dispatch({ type: 'verified', by }), []);

  const close = () => {
    dispatch({ type: 'reset' });
    setGatewayId('');
    setName('');
    issue.reset();
    onClose();
  };

  const register = (event: FormEvent) => {
    event.preventDefault();
    if (!gatewayId.trim()) return;
    dispatch({ type: 'register' });
    void create(
      'gateways',
      { data: { gateway_id: gatewayId.trim(), name: name.trim() } },
      {
        onSuccess: (created) => {
          dispatch({ type: 'registered', gateway: created });
          issue.mutate(created.id);
        },
        onError: (error) => dispatch({ type: 'registration_failed', message: fieldMessage(error) }),
      },
    );
  };

  const activeStep = state.step === 'complete' ? WIZARD_STEPS.length : WIZARD_STEPS.indexOf(state.step);
  // On a phone the wizard takes the whole screen and the stepper shows numbers only, with the
  // current step named in words below: four labels side by side do not fit 360 px (issue #22).
  const phone = usePhone();

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="gateway-wizard-title">
      <DialogTitle id="gateway-wizard-title">{translate('app.gateways.wizard_title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={activeStep} alternativeLabel={!phone} sx={{ mb: phone ? 1 : 3 }}>
          {WIZARD_STEPS.map((step) => (
            <Step key={step}>
              <StepLabel>{phone ? null : translate(`app.gateways.steps.${step}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {phone && state.step !== 'complete' && (
          <Typography variant="subtitle2" component="p" sx={{ mb: 2 }}>
            {translate('app.gateways.step_of', {
              n: activeStep + 1,
              total: WIZARD_STEPS.length,
              name: translate(`app.gateways.steps.${state.step}`),
            })}
          </Typography>
        )}

        {state.step === 'requirements' && (
          <>
            <Typography gutterBottom>{translate('app.gateways.requirements_intro')}</Typography>
            <List dense>
              {REQUIREMENTS.map((item) => (
                <ListItem key={item}>
                  <ListItemText primary={translate(`app.gateways.requirements.${item}`)} />
                </ListItem>
              ))}
            </List>
          </>
        )}

        {state.step === 'register' && (
          <Box component="form" id="gateway-register" onSubmit={register} noValidate sx={{ display: 'grid', gap: 2 }}>
            <TextField
              required
              autoFocus
              label={translate('resources.gateways.fields.gateway_id')}
              value={gatewayId}
              onChange={(event) => setGatewayId(event.target.value)}
              helperText={translate('app.gateways.gateway_id_help')}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <TextField label={translate('resources.gateways.fields.name')} value={name} onChange={(event) => setName(event.target.value)} />
            {state.registrationError && (
              <Alert severity="error">
                <strong>{translate('app.gateways.registration_failed')}</strong>
                {state.registrationError.message && <> — {translateMessage(translate, state.registrationError.message)}</>}
              </Alert>
            )}
          </Box>
        )}

        {state.step === 'configure' && gateway && (
          <>
            <Typography gutterBottom>{translate('app.gateways.configure_intro')}</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('app.gateways.client_id_hint', { gateway_id: gateway.gateway_id })}
            </Typography>
            {issue.isError && <Alert severity="error">{translate('app.errors.general')}</Alert>}
            {!certificate && !issue.isError && <LinearProgress />}
            {certificate && <CertificateFiles gatewayId={gateway.gateway_id} certificate={certificate} />}
          </>
        )}

        {state.step === 'verify' && gateway && <VerifyStep gatewayId={gateway.id} onVerified={verified} />}

        {state.step === 'complete' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
            <CheckCircleIcon color="success" />
            <Typography>{translate(state.verifiedBy === 'chirpstack' ? 'app.gateways.complete_network_server' : 'app.gateways.complete')}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {state.step !== 'complete' && <Button onClick={close}>{translate('app.gateways.skip')}</Button>}
        {(state.step === 'register' || state.step === 'verify') && <Button onClick={() => dispatch({ type: 'back' })}>{translate('app.gateways.back')}</Button>}
        {state.step === 'requirements' && (
          <Button variant="contained" onClick={() => dispatch({ type: 'next' })}>
            {translate('app.gateways.next')}
          </Button>
        )}
        {state.step === 'register' && (
          <Button variant="contained" type="submit" form="gateway-register" disabled={!gatewayId.trim() || state.registering}>
            {translate('app.gateways.register')}
          </Button>
        )}
        {state.step === 'configure' && (
          <Button variant="contained" disabled={!certificate} onClick={() => dispatch({ type: 'next' })}>
            {translate('app.gateways.next')}
          </Button>
        )}
        {state.step === 'complete' && (
          <Button variant="contained" onClick={close}>
            {translate('app.gateways.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
