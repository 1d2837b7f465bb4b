import { Type, type Static, type TSchema } from 'typebox';
import type { FieldErrorCode } from './messages.js';

/** The error body every failing call answers with (DESIGN §4). */
export const ErrorResponse = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    field_codes: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object({ code: Type.String(), params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))) }),
      ),
    ),
    /** A payload codec's own error texts (a downlink its encodeDownlink refused). */
    codec_errors: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'ErrorResponse' },
);

/**
 * The schema keyword naming a value's problem when it is malformed (pattern, format, length), a
 * code of schemas/messages.ts; an OpenAPI extension, so the document stays valid.
 */
export const ERROR_CODE = 'x-error-code';
export const errorCode = (code: FieldErrorCode) => ({ [ERROR_CODE]: code });

/** A required text that must contain something besides white space; stored trimmed. */
export const NonBlank = (maxLength: number, options: { description?: string } = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...errorCode('blank'), ...options });

/**
 * The schema keyword marking a value as a secret (an API key, an AppKey, a private key): every
 * answer that declares one is sent with `Cache-Control: no-store` (http/security-headers.ts).
 */
export const SECRET = 'x-secret';
export const SecretString = (options: { description?: string } = {}) => Type.String({ ...options, [SECRET]: true });

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

export const Timestamp = Type.String({ format: 'date-time' });

/** The answer of a DELETE: 204 without a body. */
export const NoContent = Type.Null({ description: 'No content' });

/**
 * The highest page number a list accepts: beyond it the offset (page × page_size) would leave the
 * databases' 64-bit integers (and JavaScript's safe ones), so a larger number is a 400, not a 500.
 */
export const MAX_PAGE = 1_000_000;
export const PageNumber = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });

/** Common list query of DESIGN §4; page_size is capped so no call can ask for the whole table. */
export const MAX_PAGE_SIZE = 1000;
export const ListQueryFields = {
  page: PageNumber,
  page_size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 25 }),
  ordering: Type.Optional(Type.String({ maxLength: 64 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
};

/**
 * The most ids one list call accepts in `ids`: a console page of references (react-admin's getMany)
 * in one request, while no call can name an unbounded set (the URL and the SQL `in` stay small).
 */
export const MAX_IDS = 100;
const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** `?ids=` of a list: up to MAX_IDS comma-separated UUIDs; ids of records the caller may not see match nothing. */
export const IdsFilter = Type.Optional(
  Type.String({
    pattern: `^${UUID_PATTERN}(,${UUID_PATTERN}){0,${MAX_IDS - 1}}$`,
    description: `Only these records: up to ${MAX_IDS} comma-separated ids. Ids outside the caller's companies match nothing.`,
    examples: ['5f0c6a1e-2b7d-4c3a-9e8f-1a2b3c4d5e6f,0b4e2c1d-7a8f-4e3b-9c2d-1e0f2a3b4c5d'],
    ...errorCode('invalid_format'),
  }),
);

export const Page = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), results: Type.Array(item) });

/**
 * The rows past which a bounded list (the device list, issue #20) stops counting: counting every
 * match of a 100,000-device company cost more than the page itself (45 ms), and 10,000 matches of
 * a search still 12–21 ms on SQLite; 1,000 cost 1–2 ms. Past it `count` says "more than".
 */
export const COUNT_CAP = 1_000;

/** A page whose count may stop past COUNT_CAP (or past the page's end, if further) when asked to: `count_exact` false means more than `count` rows match. */
export const BoundedPage = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer({
      description: `The number of matching rows when count_exact is true; else the bound (${COUNT_CAP}, or the page's end if further) that they exceed.`,
    }),
    count_exact: Type.Boolean({
      description: 'False when more than `count` rows match and they were not all counted (ask again without bounded_count for the number).',
    }),
    results: Type.Array(item),
  });

/**
 * `?bounded_count=true` of a bounded list: stop counting past COUNT_CAP (what the console's list
 * asks). Without it the count is exact, as every list's `{count, results}` is (DESIGN §4).
 */
export const BoundedCountQuery = Type.Optional(
  Type.Boolean({
    description: `Stop counting past ${COUNT_CAP} matches (or the page's end, if further); count_exact then says whether the count is all of them.`,
  }),
);

/** Standard error responses to list on a route, so the OpenAPI file documents them. */
export const errorResponses = {
  400: ErrorResponse,
  // Sessions answer {message} as supertokens-web-js expects; API keys answer the error body.
  401: Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) }),
  403: ErrorResponse,
  404: ErrorResponse,
} as const;

/** 409 of a write whose unique key (a DevEUI, a gateway ID…) is taken, or whose state forbids it. */
export const conflictResponses = { 409: ErrorResponse } as const;

/**
 * Answers of a call that asks the network server while the caller waits (routes/network-errors.ts):
 * 409 without one (standalone), 422 when it refuses, 503 when it cannot be reached.
 */
export const networkServerResponses = { 409: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse } as const;

/** The answers of the public sign-in calls: a malformed body (400) and too many attempts (429). */
export const publicErrorResponses = { 400: ErrorResponse, 429: ErrorResponse } as const;

/**
 * The route-schema key of a request body as the OpenAPI document describes it, where the route
 * validates a looser one itself (http/openapi.ts puts it in the document).
 */
export const DOCUMENTED_BODY = 'documentedBody';

/** The answers of a route that runs a payload codec for a person: refused when too many calls wait. */
export const codecBusyResponses = { 429: ErrorResponse, 503: ErrorResponse } as const;
