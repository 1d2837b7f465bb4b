import type { LightMyRequestResponse } from 'fastify';

const ERROR_BODY_KEYS = new Set(['code', 'message', 'fields', 'field_codes', 'codec_errors']);

/** What is wrong with a refusal's body, measured against the error body of DESIGN §4 (401s of a session answer supertokens' `{message}`). */
export function errorShapeProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode < 400) return undefined;
  if (/\n\s+at /.test(response.body)) return 'stack trace in the body';
  let body: Record<string, unknown>;
  try {
    body = response.json<Record<string, unknown>>();
  } catch {
    return 'not JSON';
  }
  if (typeof body.message !== 'string') return 'no message';
  if (response.statusCode === 401 && Object.keys(body).length === 1) return undefined;
  const foreign = Object.keys(body).filter((key) => !ERROR_BODY_KEYS.has(key));
  if (foreign.length > 0) return `foreign keys ${foreign.join(', ')}`;
  // Our codes are catalogue keys (`notFound`, `plan_limit`), never a framework's (`FST_ERR_…`).
  if (typeof body.code !== 'string' || !/^[a-z][A-Za-z_]*$/.test(body.code)) return 'no code of ours';
  const fields = (body.fields ?? {}) as Record<string, unknown>;
  if (typeof fields !== 'object' || Object.values(fields).some((text) => typeof text !== 'string')) return 'fields not texts';
  const codes = (body.field_codes ?? {}) as Record<string, { code?: unknown }>;
  if (typeof codes !== 'object' || Object.values(codes).some((entry) => typeof entry?.code !== 'string')) return 'field code without code';
  return undefined;
}
