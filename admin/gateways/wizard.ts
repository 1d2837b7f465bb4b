import type { Gateway } from '../types/api';

/**
 * The gateway setup wizard (spec §2, §4): requirements → register → configure → verify (waiting,
 * then connected) → setup complete. Skip and close are possible at any step; registration can fail.
 * Pure, so every transition is tested without a screen.
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
}

export type WizardEvent =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'register' }
  | { type: 'registered'; gateway: RegisteredGateway }
  | { type: 'registration_failed'; message: string | null }
  | { type: 'connected' }
  | { type: 'reset' };

export const initialWizard: WizardState = { step: 'requirements', gateway: null, registering: false, registrationError: null };

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'next':
      // Register moves on only by registering; verify only when the gateway connects.
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
    case 'connected':
      return state.step === 'verify' ? { ...state, step: 'complete' } : state;
    case 'reset':
      return initialWizard;
  }
}

/** How often the verify step asks whether the gateway has connected. */
export const VERIFY_POLL_MS = 3000;
