import { Type } from 'typebox';

/** GET /api/health/live: the process answers (for an orchestrator's liveness probe). */
export const LiveResponse = Type.Object({ status: Type.Literal('ok') });

/**
 * GET /api/health/ready: whether this node should receive traffic: the database answers, its
 * migrations are current, and the embedded gateway broker listens (when this node runs one).
 * 200 with status 'ready', else 503 with 'not_ready'; `checks` names each part's state.
 */
export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('failing')])),
});
