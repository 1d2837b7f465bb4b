import { describe, expect, it } from 'vitest';
import { initialWizard, networkCheck, verification, wizardReducer, type WizardEvent, type WizardState } from '../../../admin/gateways/wizard';

const run = (...events: WizardEvent[]): WizardState => events.reduce(wizardReducer, initialWizard);
const gateway = { id: 'g1', gateway_id: '0016C001FF10A235' };

describe('gateway setup wizard steps (spec §2, §4)', () => {
  it('goes requirements → register → configure → verify → complete', () => {
    expect(run().step).toBe('requirements');
    expect(run({ type: 'next' }).step).toBe('register');
    expect(run({ type: 'next' }, { type: 'register' }, { type: 'registered', gateway })).toMatchObject({ step: 'configure', gateway, registering: false });
    expect(run({ type: 'next' }, { type: 'register' }, { type: 'registered', gateway }, { type: 'next' }).step).toBe('verify');
    expect(
      run({ type: 'next' }, { type: 'register' }, { type: 'registered', gateway }, { type: 'next' }, { type: 'verified', by: 'chirpstack' }),
    ).toMatchObject({
      step: 'complete',
      verifiedBy: 'chirpstack',
    });
  });

  it('leaves register only by registering, and verify only when the gateway is verified', () => {
    expect(run({ type: 'next' }, { type: 'next' }).step).toBe('register');
    expect(run({ type: 'next' }, { type: 'verified', by: 'standalone' })).toMatchObject({ step: 'register', verifiedBy: null });
    const verifying = run({ type: 'next' }, { type: 'register' }, { type: 'registered', gateway }, { type: 'next' });
    expect(wizardReducer(verifying, { type: 'next' }).step).toBe('verify');
  });

  it('a failed registration stays on register with the reason; trying again clears it', () => {
    const failed = run({ type: 'next' }, { type: 'register' }, { type: 'registration_failed', message: 'app.server.fields.gateway_id_taken' });
    expect(failed).toMatchObject({ step: 'register', registering: false, registrationError: { message: 'app.server.fields.gateway_id_taken' } });
    expect(wizardReducer(failed, { type: 'register' })).toMatchObject({ registering: true, registrationError: null });
  });

  it('ignores a second register while one is running, and answers that arrive without one', () => {
    const registering = run({ type: 'next' }, { type: 'register' });
    expect(wizardReducer(registering, { type: 'register' })).toBe(registering);
    expect(run({ type: 'next' }, { type: 'registered', gateway }).step).toBe('register');
  });

  it('goes back from register and verify; reset (skip and close) starts over', () => {
    expect(run({ type: 'next' }, { type: 'back' }).step).toBe('requirements');
    const verifying = run({ type: 'next' }, { type: 'register' }, { type: 'registered', gateway }, { type: 'next' });
    expect(wizardReducer(verifying, { type: 'back' }).step).toBe('configure');
    expect(wizardReducer(verifying, { type: 'reset' })).toEqual(initialWizard);
  });

  it('the network check: standalone, seen or not by ChirpStack, unreachable (503), or unknown', () => {
    const unavailable = { status: 503, body: { code: 'networkServerUnavailable' } };
    expect(networkCheck(undefined, undefined)).toBe('unknown');
    expect(networkCheck({ mode: 'standalone', seen: false, last_seen_at: null }, undefined)).toBe('standalone');
    expect(networkCheck({ mode: 'chirpstack', seen: true, last_seen_at: '2026-11-23T10:00:00.000Z' }, undefined)).toBe('seen');
    expect(networkCheck({ mode: 'chirpstack', seen: false, last_seen_at: null }, undefined)).toBe('not_seen');
    // A failure is newer than the answer kept from before it.
    expect(networkCheck({ mode: 'chirpstack', seen: true, last_seen_at: null }, unavailable)).toBe('unreachable');
    expect(networkCheck({ mode: 'standalone', seen: false, last_seen_at: null }, new Error('app.errors.networkError'))).toBe('unknown');
  });

  it('verified only when connected and, with a network server, seen by it', () => {
    expect(verification(true, 'standalone')).toBe('standalone');
    expect(verification(true, 'seen')).toBe('chirpstack');
    expect(verification(false, 'seen')).toBeNull();
    expect(verification(false, 'standalone')).toBeNull();
    for (const check of ['not_seen', 'unreachable', 'unknown'] as const) expect(verification(true, check)).toBeNull();
  });
});
