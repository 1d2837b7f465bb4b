import { parseArgs } from 'node:util';
import type { NetworkContext } from '../context.js';
import { findDrift, fixDrift, type ReconcileScope } from '../dataplane/network-server/reconcile.js';
import { networkSyncWorker } from '../dataplane/start.js';

export const RECONCILE_USAGE = 'usage: npm run chirpstack:reconcile -- [--company <company id>] [--fix] [--adopt <company id>]';

const PROBLEM_TEXT = {
  missing_there: 'missing in ChirpStack',
  missing_here: 'missing here',
  keys_differ: 'keys differ',
  profile_differs: 'device profile differs',
} as const;

/**
 * The operator's `npm run chirpstack:reconcile`: lists what differs between this installation (or
 * one company) and ChirpStack; with --fix pushes ours again and, with --adopt, takes devices and
 * gateways that exist only in ChirpStack into that company. It pushes the fixes itself, so it
 * works while no server runs. Answers the lines to print and whether it worked.
 */
export async function reconcileCommand(ctx: NetworkContext, args: readonly string[]): Promise<{ ok: boolean; output: string[] }> {
  let options;
  try {
    options = parseArgs({
      args: [...args],
      options: { company: { type: 'string' }, fix: { type: 'boolean' }, adopt: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    return { ok: false, output: [error instanceof Error ? error.message : String(error), RECONCILE_USAGE] };
  }
  if (ctx.networkServer.mode === 'standalone')
    return { ok: false, output: ['No network server is configured: set CHIRPSTACK_API_URL, CHIRPSTACK_API_TOKEN and CHIRPSTACK_TENANT_ID.'] };
  const scope: ReconcileScope = options.company ? { companyId: options.company } : 'installation';
  const found = await findDrift(ctx.networkServer, ctx.repos, scope);
  const output = found.map(
    (drift) => `${drift.kind} ${drift.key} (${drift.name}): ${PROBLEM_TEXT[drift.problem]}${drift.company_id ? ` [company ${drift.company_id}]` : ''}`,
  );
  output.push(found.length === 0 ? 'ChirpStack and this installation agree.' : `${found.length} difference(s).`);
  if (!options.fix) {
    if (found.length > 0)
      output.push('Dry run: nothing changed. Run again with --fix to fix them (and --adopt <company id> to take in what exists only in ChirpStack).');
    return { ok: true, output };
  }
  const { fixed, skipped } = await fixDrift({ entities: ctx.repos.networkEntities, transaction: ctx.transaction, now: ctx.now }, found, options.adopt ?? null);
  await networkSyncWorker(ctx).drain();
  output.push(
    `fixed ${fixed}; skipped ${skipped.length}${skipped.length > 0 ? ' (missing here without --adopt, profiles missing here, or devices without keys in ChirpStack)' : ''}.`,
  );
  return { ok: true, output };
}
