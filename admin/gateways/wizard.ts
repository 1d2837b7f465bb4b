import type { Gateway, GatewayNetwork } from '../types/api';

/**
 * The gateway setup wizard (spec §2, §4): requirements → register → configure → verify (waiting,
 * then connected and, with a network server, seen by it) → setup complete. Skip and close are
 * possible at any step; registration can fail. Pure, so every transition is tested without a screen.
 */
export const WIZARD_STEPS = ['requirements', 'register', 'configure', 'verify'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number] | 'complete';

/** What the wizard keeps of the gateway it registered. */
export type RegisteredGateway = Pick<Gateway, 'id' | 'gateway_id'>;

export interface WizardState {
  step: WizardStep;
  gateway: RegisteredGateway | null;
  registering: boolean;
  /** 'Registration Failed' details: the API's field message, or null for the generic text. */
  registrationError: { message: string | null } | null;
  /** Once complete: whether a network server saw the gateway too, or the broker connection alone counted (standalone). */
  verifiedBy: GatewayNetwork['mode'] | null;
}

export type WizardEvent =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'register' }
  | { type: 'registered'; gateway: RegisteredGateway }
  | { type: 'registration_failed'; message: string | null }
  | { type: 'verified'; by: GatewayNetwork['mode'] }
  | { type: 'reset' };

export const initialWizard: WizardState = { step: 'requirements', gateway: null, registering: false, registrationError: null, verifiedBy: null };

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'next':
      // Register moves on only by registering; verify only when the checks pass.
      if (state.step === 'requirements') return { ...state, step: 'register' };
      if (state.step === 'configure') return { ...state, step: 'verify' };
      return state;
    case 'back':
      if (state.step === 'register') return { ...state, step: 'requirements', registrationError: null };
      if (state.step === 'verify') return { ...state, step: 'configure' };
      return state;
    case 'register':
      return state.step === 'register' && !state.registering ? { ...state, registering: true, registrationError: null } : state;
    case 'registered':
      return state.registering ? { ...state, step: 'configure', gateway: event.gateway, registering: false } : state;
    case 'registration_failed':
      return state.registering ? { ...state, registering: false, registrationError: { message: event.message } } : state;
    case 'verified':
      return state.step === 'verify' ? { ...state, step: 'complete', verifiedBy: event.by } : state;
    case 'reset':
      return initialWizard;
  }
}

/** How often the verify step asks whether the gateway has connected (and whether the network server saw it). */
export const VERIFY_POLL_MS = 3000;

/**
 * What the verify step knows of the network server's side: `standalone` (none; the broker
 * connection alone counts), `seen` or `not_seen` by ChirpStack, `unreachable` (it is down: 503),
 * or `unknown` (no answer yet, or a failure that says nothing about the network server).
 */
export type NetworkCheck = 'standalone' | 'seen' | 'not_seen' | 'unreachable' | 'unknown';

/** The network check from the last answer or, when the last call failed, its error (which is newer than any answer kept). */
export function networkCheck(answer: GatewayNetwork | undefined, error: unknown): NetworkCheck {
  if (error) return (error as { body?: { code?: string } }).body?.code === 'networkServerUnavailable' ? 'unreachable' : 'unknown';
  if (!answer) return 'unknown';
  if (answer.mode === 'standalone') return 'standalone';
  return answer.seen ? 'seen' : 'not_seen';
}

/** How the gateway was verified, once it is: connected to the broker and, with a network server, seen by it. */
export function verification(connected: boolean, network: NetworkCheck): GatewayNetwork['mode'] | null {
  if (!connected) return null;
  if (network === 'standalone') return 'standalone';
  return network === 'seen' ? 'chirpstack' : null;
}
