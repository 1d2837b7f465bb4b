import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchema } from 'fastify';

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
    // Gives each error its schema, whose `errorMessage` is the text people should read.
    verbose: true,
  });
  addFormats(ajv);
  return ajv;
}

// Query strings and path params arrive as text, so they are coerced ("2" → 2);
// JSON bodies are not: a number where a string belongs is a 400, not a silent conversion.
const coercing = makeAjv(true);
const exact = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? exact : coercing;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<FastifySchema>>;
};

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = error.params as Record<string, unknown>;
  const child = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  if (child) return path ? `${path}.${child}` : child;
  return path || '_';
}

/** Keywords for which a schema's own `errorMessage` says it better than a generic text. */
const FORMAT_KEYWORDS = new Set(['minLength', 'maxLength', 'pattern', 'format']);

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const custom = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof custom === 'string' && FORMAT_KEYWORDS.has(error.keyword)) return custom;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field.';
    case 'type':
      return `Must be of type ${String(params.type)}.`;
    case 'minLength':
      return params.limit === 1 ? 'This field must not be empty.' : `Must be at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `Must be at most ${String(params.limit)} characters.`;
    case 'pattern':
      return 'Has an invalid format.';
    case 'format':
      return `Must be a valid ${String(params.format)}.`;
    case 'minimum':
    case 'maximum':
      return `Must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return 'Is not one of the allowed values.';
    default:
      return error.message ?? 'Is invalid.';
  }
}

/** Turns ajv's errors into the `fields` map of the error body: first problem per field wins. */
export function fieldsFromValidation(errors: readonly ErrorObject[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    // anyOf/oneOf repeat their branches' errors; the branch errors are more precise.
    if (error.keyword === 'anyOf' && Object.keys(fields).length > 0) continue;
    const name = fieldName(error);
    fields[name] ??= describe(error);
  }
  return fields;
}

/**
 * Validates a value against a body schema outside Fastify's routing (for bodies whose shape
 * depends on a query parameter); throws the same 400 the router would.
 */
export function bodyValidator<T>(schema: object): (value: unknown) => T {
  const validate = exact.compile(schema);
  return (value) => {
    if (validate(value)) return value as T;
    throw Object.assign(new Error('body validation failed'), { validation: validate.errors ?? [], statusCode: 400 });
  };
}
