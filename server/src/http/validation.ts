import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchema } from 'fastify';
import { ERROR_CODE } from '../schemas/common.js';
import type { FieldError, FieldErrorCode } from '../schemas/messages.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Unknown fields are an error (400), never silently dropped.
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: coerceTypes ? 'array' : false,
    strict: false,
    // Gives each error its schema, whose `x-error-code` names the problem better than the keyword.
    verbose: true,
  });
  addFormats(ajv);
  return ajv;
}

// Query strings and path params arrive as text, so they are coerced ("2" → 2);
// JSON bodies are not: a number where a string belongs is a 400, not a silent conversion.
const coercing = makeAjv(true);
const exact = makeAjv(false);

/** The path (ajv's instancePath form) of the first text in a value that holds a NUL character. */
function nulCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nulCharacterAt(child, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

type Validate = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The schema's validator, which also refuses a NUL character in any text: no field has a use for
 * one and PostgreSQL cannot store it (it was a 500 there, issue #16); it is a malformed value.
 */
function withoutNulCharacters(validate: Validate): Validate {
  const checked: Validate = (value) => {
    if (!validate(value)) {
      checked.errors = validate.errors ?? [];
      return false;
    }
    const at = nulCharacterAt(value);
    if (at === undefined) return true;
    checked.errors = [
      { keyword: 'pattern', instancePath: at, schemaPath: '#/nul', params: { pattern: 'no NUL character' }, message: 'must not contain a NUL character' },
    ];
    return false;
  };
  return checked;
}

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? exact : coercing;
  return withoutNulCharacters(ajv.compile(schema as object)) as ReturnType<FastifySchemaCompiler<FastifySchema>>;
};

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = error.params as Record<string, unknown>;
  const child = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  if (child) return path ? `${path}.${child}` : child;
  return path || '_';
}

/** Keywords for which a schema's own `x-error-code` says it better than a generic code. */
const FORMAT_KEYWORDS = new Set(['minLength', 'maxLength', 'pattern', 'format']);

/** The field code of one ajv error: the schema's own for malformed values, else by keyword. */
function describe(error: ErrorObject): FieldError {
  const params = error.params as Record<string, unknown>;
  const custom = (error.parentSchema as { [ERROR_CODE]?: FieldErrorCode } | undefined)?.[ERROR_CODE];
  if (custom && FORMAT_KEYWORDS.has(error.keyword)) return { code: custom };
  const limit = { limit: Number(params.limit) };
  switch (error.keyword) {
    case 'required':
      return { code: 'required' };
    case 'additionalProperties':
      return { code: 'unknown_field' };
    case 'type':
      return { code: 'type', params: { type: String(params.type) } };
    case 'minLength':
      return params.limit === 1 ? { code: 'empty' } : { code: 'too_short', params: limit };
    case 'maxLength':
      return { code: 'too_long', params: limit };
    case 'pattern':
      return { code: 'invalid_format' };
    case 'format':
      return { code: 'format', params: { format: String(params.format) } };
    case 'minimum':
      return { code: 'too_small', params: limit };
    case 'maximum':
      return { code: 'too_large', params: limit };
    case 'enum':
    case 'const':
    case 'anyOf':
      return { code: 'not_allowed' };
    default:
      return { code: 'invalid' };
  }
}

const failsConst = (branch: readonly ErrorObject[]): boolean => branch.some((error) => error.keyword === 'const');

/**
 * The errors of the branch of each failed anyOf that came closest, without the other branches':
 * a union of objects told apart by a literal (`type: 'topic'`) otherwise reports, for the one
 * value, every other member's fields as missing or unknown. Closest: no literal refused, then
 * fewest errors. Inner unions first (ajv reports a union's branches before the union itself), so
 * an outer union weighs its branches with their inner unions already narrowed.
 */
function closestBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = [...errors];
  for (const union of errors.filter((error) => error.keyword === 'anyOf')) {
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const error of kept) {
      if (!error.schemaPath.startsWith(prefix) || !error.instancePath.startsWith(union.instancePath)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const ranked = [...branches.values()].sort((a, b) => Number(failsConst(a)) - Number(failsConst(b)) || a.length - b.length);
    const dropped = new Set(ranked.slice(1).flat());
    kept = kept.filter((error) => !dropped.has(error));
  }
  return kept;
}

/** Turns ajv's errors into the field problems of the error body: first problem per field wins. */
export function fieldsFromValidation(errors: readonly ErrorObject[]): Record<string, FieldError> {
  // A Map, not an object: a field the caller named `constructor` or `__proto__` must not meet Object.prototype.
  const fields = new Map<string, FieldError>();
  for (const error of closestBranches(errors)) {
    // anyOf/oneOf repeat their branches' errors; the branch errors are more precise.
    if (error.keyword === 'anyOf' && fields.size > 0) continue;
    const name = fieldName(error);
    if (!fields.has(name)) fields.set(name, describe(error));
  }
  return Object.fromEntries(fields);
}

/**
 * Validates a value against a body schema outside Fastify's routing (for bodies whose shape
 * depends on a query parameter); throws the same 400 the router would.
 */
export function bodyValidator<T>(schema: object): (value: unknown) => T {
  const validate = withoutNulCharacters(exact.compile(schema));
  return (value) => {
    if (validate(value)) return value as T;
    throw Object.assign(new Error('body validation failed'), { validation: validate.errors ?? [], statusCode: 400 });
  };
}
