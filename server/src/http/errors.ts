import { fieldErrorText, type FieldError } from '../schemas/messages.js';

/**
 * The one error body of the API (DESIGN §4): `code` is a key of the console's error catalogue
 * (spec §8) or a more precise one; `message` is English; `fields` names the offending inputs in
 * English and `field_codes` says the same as codes with parameters, which the console translates.
 */
export type ErrorCode =
  | 'general'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'validation'
  | 'duplicate'
  | 'tooLarge'
  | 'rateLimited'
  | 'expired'
  // Invites (issue #15): the code was used, ran out, was withdrawn, or names another address.
  | 'invite_used'
  | 'invite_expired'
  | 'invite_deleted'
  | 'invite_wrong_account'
  // Memberships (issue #15): a company keeps an owner; nobody grants or touches a role above their own.
  | 'last_owner'
  | 'role_above_own'
  // The back-office (issue #17): an operator does not revoke their own rights; OPERATOR_EMAILS' are the environment's.
  | 'operator_self'
  | 'operator_environment'
  // A company has as many devices as its plan allows (domain/plans.ts deviceLimitOf).
  | 'planLimit'
  // API tokens beyond the Free plan's monthly quota (the request is refused, 429).
  | 'tokenQuota'
  // The operator suspended the company: its data is read-only, its API keys and ingest refused.
  | 'suspended'
  // A company has as many webhooks as it may (MAX_WEBHOOKS_PER_COMPANY).
  | 'webhookLimit'
  // Too many codec calls wait already: this company's share (429) or the whole sandbox queue (503).
  | 'codecBusy'
  // The network server: none configured (standalone), or it failed or refused a call made on the user's behalf.
  | 'networkServerRequired'
  | 'networkServerUnavailable'
  | 'networkServerRefused';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  field_codes?: Record<string, FieldError>;
  /** A payload codec's own error texts, as it wrote them (a downlink its `encodeDownlink` refused). */
  codec_errors?: string[];
}

/** The error body for field problems: the English texts and the codes side by side. */
export function fieldsBody(fields: Record<string, FieldError>): Pick<ErrorBody, 'fields' | 'field_codes'> {
  return {
    fields: Object.fromEntries(Object.entries(fields).map(([name, error]) => [name, fieldErrorText(error)])),
    field_codes: fields,
  };
}

/** A failure a handler means to answer with: status, code, English message and field problems. */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, FieldError>,
    readonly details: Pick<ErrorBody, 'codec_errors'> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.fields ? fieldsBody(this.fields) : {}), ...this.details };
  }
}

/** English reference texts; the console shows its own translation of `code`. */
export const messages = {
  general: 'An error occurred. Please try again.',
  unauthorized: 'You are not authorized to access this resource.',
  notFound: 'The requested resource was not found.',
  validation: 'Please check your input and try again.',
} as const;

export const notFound = (message: string = messages.notFound): HttpProblem => new HttpProblem(404, 'notFound', message);
export const forbidden = (message: string = messages.unauthorized): HttpProblem => new HttpProblem(403, 'forbidden', message);
export const invalid = (fields: Record<string, FieldError>): HttpProblem => new HttpProblem(400, 'validation', messages.validation, fields);
/**
 * A codec that could not encode a downlink: a field error on `payload` (code `codec_failed`, with
 * the sandbox's kind and message) and the codec's own `errors` list beside it.
 */
export const codecFailed = (error: { kind: string; message: string }, codecErrors: string[]): HttpProblem =>
  new HttpProblem(
    400,
    'validation',
    messages.validation,
    { payload: { code: 'codec_failed', params: { kind: error.kind, message: error.message } } },
    {
      codec_errors: codecErrors,
    },
  );
export const duplicate = (message: string, fields?: Record<string, FieldError>): HttpProblem => new HttpProblem(409, 'duplicate', message, fields);

/**
 * A codec call the sandbox refused because too many wait (only test runs and downlinks are
 * refused): 429 when the company's share of the queue is full, 503 when the whole queue is.
 */
export const codecBusy = (queue: 'company' | 'all' | undefined): HttpProblem =>
  queue === 'all'
    ? new HttpProblem(503, 'codecBusy', 'The codec sandbox is busy. Please try again shortly.')
    : new HttpProblem(429, 'codecBusy', 'Too many codec runs of this company are waiting. Please try again shortly.');

const REFUSAL_TEXTS = {
  invite_deleted: [410, 'This invite was withdrawn.'],
  invite_used: [410, 'This invite code has already been used.'],
  invite_expired: [410, 'This invite code has expired.'],
  invite_wrong_account: [403, 'This invite is for another email address.'],
  last_owner: [409, 'A company needs at least one owner.'],
  role_above_own: [403, 'You cannot grant or change a role above your own.'],
  operator_self: [409, 'You cannot revoke your own operator rights.'],
  operator_environment: [409, 'This operator is named in OPERATOR_EMAILS: only the environment takes the rights back.'],
} as const;

/** A refused invite, membership or operator change (domain/roles.ts, routes/operator-directory.ts): its own code, which the console translates. */
export const refused = (code: keyof typeof REFUSAL_TEXTS): HttpProblem => new HttpProblem(REFUSAL_TEXTS[code][0], code, REFUSAL_TEXTS[code][1]);
