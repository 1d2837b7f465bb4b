import { isDatabaseUnavailable } from '../db/errors.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldsBody, HttpProblem, messages, type ErrorBody } from './errors.js';
import { FRAMEWORK_ERROR_HEADERS } from './security-headers.js';
import { fieldsFromValidation } from './validation.js';

/** A unique constraint that a concurrent request won (SQLite and PostgreSQL codes). */
function isUniqueViolation(error: FastifyError): boolean {
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === '23505';
}

function bodyFor(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof HttpProblem) return { status: error.statusCode, body: error.toBody() };
  if (isDatabaseUnavailable(error))
    return { status: 503, body: { code: 'general', message: 'The service is temporarily unavailable. Please try again shortly.' } };
  if (isUniqueViolation(error)) return { status: 409, body: { code: 'duplicate', message: 'This record already exists.' } };
  if (error.validation) {
    return { status: 400, body: { code: 'validation', message: messages.validation, ...fieldsBody(fieldsFromValidation(error.validation)) } };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, body: { code: 'tooLarge', message: 'The request body is too large.' } };
  if (status === 429) return { status, body: { code: 'rateLimited', message: 'Too many requests. Please try again later.' } };
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type and the like: the caller's input, never internals.
    return { status: 400, body: { code: 'validation', message: error.message || messages.validation } };
  }
  return { status: 500, body: { code: 'general', message: messages.general } };
}

/** One error body for every failure (DESIGN §4); 5xx are logged in full and answered without internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = bodyFor(error);
    // A 503 is the database, or the network server a request asked (routes/network-errors.ts).
    if (status === 503) request.log.warn({ err: error }, body.code === 'networkServerUnavailable' ? 'network server unavailable' : 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(body);
  });
}

/**
 * What the router refuses before any hook runs (a malformed URL, a path parameter longer than any
 * id): the same error body and security headers as every other answer, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const malformed = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (!malformed) request.log.error({ err: error }, 'request failed');
  const body: ErrorBody = malformed ? { code: 'validation', message: messages.validation } : { code: 'general', message: messages.general };
  void reply
    .code(malformed ? 400 : 500)
    .headers(FRAMEWORK_ERROR_HEADERS)
    .send(body);
}
