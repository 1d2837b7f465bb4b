import type { Db } from '../db/database.js';
import { operatorsRepository } from '../repositories/operators.js';

export const OPERATOR_USAGE = 'usage: npm run operator -- grant <email> | revoke <email> | list';

/** A plausible address: something@something, no spaces (the user signs up with it later, if not yet). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The operator's `npm run operator`: grants or revokes back-office rights stored in the database,
 * or lists them beside OPERATOR_EMAILS (`configured`). Answers the text to print and whether it
 * worked; the caller owns the database and the exit code.
 */
export async function operatorCommand(db: Db, args: readonly string[], configured: readonly string[], at: Date): Promise<{ ok: boolean; output: string }> {
  const [verb, email, ...rest] = args;
  const operators = operatorsRepository(db);
  if (verb === 'list' && email === undefined) {
    const granted = await operators.granted();
    const lines = [...configured.map((address) => `${address} (OPERATOR_EMAILS)`), ...granted.map((row) => `${row.email} (granted ${row.granted_at})`)];
    return { ok: true, output: lines.length > 0 ? lines.join('\n') : 'no operators' };
  }
  if ((verb !== 'grant' && verb !== 'revoke') || email === undefined || rest.length > 0) return { ok: false, output: OPERATOR_USAGE };
  if (!EMAIL.test(email)) return { ok: false, output: `not an e-mail address: "${email}"; ${OPERATOR_USAGE}` };
  if (verb === 'grant') {
    const added = await operators.grant(email, at.toISOString());
    return { ok: true, output: added ? `${email.toLowerCase()} is now an operator` : `${email.toLowerCase()} was an operator already` };
  }
  if (await operators.revoke(email)) return { ok: true, output: `${email.toLowerCase()} is no longer an operator` };
  // Rights from the environment are the environment's: the command cannot take them back.
  const fromEnvironment = configured.includes(email.toLowerCase());
  return {
    ok: false,
    output: fromEnvironment ? `${email.toLowerCase()} is named in OPERATOR_EMAILS: remove it there` : `${email.toLowerCase()} is not an operator`,
  };
}
