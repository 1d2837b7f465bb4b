/**
 * Failures that mean "the database is not reachable right now", not "this request is wrong":
 * a refused or broken connection, a backend terminated by the server (restart, failover,
 * pg_terminate_backend), no connection within the timeout, a statement cancelled by its timeout.
 * Requests that meet one answer 503, so clients and load balancers retry.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  // PostgreSQL SQLSTATE: connection exceptions (08…), admin/crash shutdown and cannot connect now (57P0…), statement timeout.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  // SQLite: the file is locked by another writer beyond busy_timeout.
  'SQLITE_BUSY',
  // SQLite: the read worker running the query crashed, or the read pool closed (read-pool.ts).
  'READ_WORKER_LOST',
]);

/** node-postgres reports a connection that dropped mid-query or a pool timeout only in words. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (is )?closed/i,
  /driver has already been destroyed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}
