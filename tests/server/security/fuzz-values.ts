import { randomUUID } from 'node:crypto';

/** The part of an OpenAPI 3.0 schema the fuzz reads (what @fastify/swagger writes from TypeBox). */
export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
}

/** Values that satisfy the patterns the API's schemas use, so a sample body gets past them. */
const PATTERN_SAMPLES: [RegExp, string][] = [
  [/\{7\}/, 'A84041000181C6A1'],
  [/\{15\}/, '2B7E151628AED2A6ABF7158809CF4F3C'],
  [/^\^#/, '#3B82F6'],
  [/https\?/, 'https://1.1.1.1/hook'],
  [/\{1,100\}/, 'X-Token'],
];

function sampleString(schema: JsonSchema, name: string, companyId: string): string | null {
  if (schema.format === 'uuid' && name.includes('company')) return companyId;
  // A reference the caller may leave empty is left empty: a random id would stop the request at its lookup.
  if (schema.format === 'uuid') return schema.nullable ? null : randomUUID();
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.format === 'uri') return 'https://1.1.1.1/hook';
  const pattern = schema.pattern ?? '';
  const sample = PATTERN_SAMPLES.find(([shape]) => shape.test(pattern))?.[1];
  return sample ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/**
 * A value the schema accepts, with every optional property filled in, so that each mutation of
 * one property reaches the handler with the rest intact. `company_id`s name the fuzzing user's company.
 */
export function sample(schema: JsonSchema | undefined, companyId: string, name = ''): unknown {
  if (!schema) return {};
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((branch) => branch.type !== 'null') ?? branches[0], companyId, name);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child, companyId, key)]));
    case 'array':
      return schema.items ? [sample(schema.items, companyId, name)] : [];
    case 'string':
      return sampleString(schema, name, companyId);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(0, schema.maximum) : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** What an attacker puts where a field belongs: wrong types, extremes, junk structures. */
export const JUNK_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  1e20,
  2 ** 31,
  2 ** 53 + 2,
  '',
  ' ',
  '9'.repeat(30),
  'x'.repeat(100_000),
  '\u0000\uFFFF',
  '😀'.repeat(500),
  '__proto__',
  "' OR 1=1 --",
  [],
  [1, 'a', null, {}],
  {},
  { a: { b: { c: [1, { d: null }] } } },
];

/** Whole bodies that are not the object a route expects (sent as JSON). */
export const JUNK_BODIES: unknown[] = [null, [], [{}], 'text', 0, true, {}, Array.from({ length: 10_000 }, () => null)];

/** Bodies written as raw text, for what JSON.stringify cannot produce. */
export function rawBodies(base: unknown): string[] {
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? JSON.stringify(base).slice(1, -1) : '';
  const join = object ? `${object},` : '';
  const deep = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;
  return [
    '{',
    '',
    'null',
    `{${join}"__proto__":{"polluted":true}}`,
    `{${join}"constructor":{"prototype":{"polluted":true}}}`,
    `{${join}"unknown_field":1}`,
    `{${join}"a":1,"a":2}`,
    deep,
  ];
}

/** Every path into a value's objects and arrays (to a depth), each a list of keys. */
export function paths(value: unknown, depth = 4, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...paths(child, depth - 1, [...prefix, key])]);
}

/** A copy of the value with the element at the path replaced. */
export function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value)) return value.map((item, index) => (index === key ? replaced(item, rest, replacement) : item));
  const object = value as Record<string, unknown>;
  return { ...object, [key]: replaced(object[key], rest, replacement) };
}

/** Bad values for a query or path parameter. */
export const JUNK_PARAMETERS: string[] = [
  '99999999999999999999',
  '-1',
  '1e400',
  'NaN',
  '',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(2_000),
  '%00',
  '..%2F..%2Fetc',
  '%E0%A4%A',
];
