import { HttpError } from 'react-admin';
import type { Drift } from '../../types/api';
import type { ReconcileItem } from '../../providers/dataProvider';

type Translate = (key: string, options?: object) => string;

/** A difference's identity on both sides, as the fix request names it. */
export const driftId = (drift: ReconcileItem): string => `${drift.kind}:${drift.key}`;

/** The problem in plain words: what is wrong and what fixing it does. */
export function problemText(translate: Translate, drift: Drift): string {
  // A profile only the network server holds is listed, but there is nothing to adopt it from (its codec).
  const problem = drift.problem === 'missing_here' && drift.kind === 'profile' ? 'missing_here_profile' : drift.problem;
  return translate(`app.network.reconcile.problems.${problem}`);
}

/**
 * Why the server skipped a chosen difference (server/src/dataplane/network-server/reconcile.ts
 * fixDrift): a profile missing here cannot be adopted; a device missing here without keys in the
 * network server neither; anything else had no company to go to.
 */
export function skipReason(translate: Translate, drift: Drift): string {
  const reason = drift.problem !== 'missing_here' ? 'other' : drift.kind === 'profile' ? 'profile' : drift.kind === 'device' ? 'no_keys' : 'other';
  return translate(`app.network.reconcile.skip_reasons.${reason}`);
}

/**
 * What a failed load or fix means for this screen. The catalogue key the data provider puts on its
 * errors is too coarse here (403 reads "not authorised to access this resource", 409 "check your
 * input"), so the server's code decides; any other failure keeps that key.
 */
export function failureText(translate: Translate, error: unknown): string {
  const general = translate('app.errors.general');
  if (!(error instanceof HttpError)) return general;
  const code: unknown = (error.body as { code?: unknown } | undefined)?.code;
  const reason = error.status === 403 ? 'forbidden' : typeof code === 'string' ? SERVER_REASONS.get(code) : undefined;
  return reason ? translate(`app.network.reconcile.errors.${reason}`) : translate(error.message, { _: general });
}

/** The network server's failures (server/src/routes/network-errors.ts) by their wire code. */
const SERVER_REASONS = new Map([
  ['networkServerRequired', 'no_network_server'],
  ['networkServerUnavailable', 'unreachable'],
  ['networkServerRefused', 'refused'],
]);
