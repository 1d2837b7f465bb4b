import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { lint, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The open API's document (issue #18): valid for both tools, named and summarised operation by
// operation, and good enough to generate a client from.
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

/** Operations anyone may call: the probes and signing in. */
const PUBLIC = [
  'getVersion',
  'getLiveness',
  'getReadiness',
  'signUp',
  'signIn',
  'emailExists',
  'getLoginMethods',
  'refreshSession',
  'requestPasswordReset',
  'resetPassword',
  'verifyEmail',
  'confirmEmailChange',
  'unsubscribeFromAlertMails',
  'unsubscribeFromAlertMailsOneClick',
];
/** Operations with no client error to answer (redocly.yaml says why the rule is off). */
const NO_CLIENT_ERROR = ['getVersion', 'getLiveness', 'getReadiness', 'getLoginMethods', 'signOut', 'refreshSession'];

let t: TestApp;
let document: Document;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json<Document>();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
});

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const operations = (): Array<{ method: string; path: string; operation: Operation }> =>
  Object.entries(document.paths).flatMap(([p, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path: p, operation: item[method] as Operation }] : [])),
  );

describe('the OpenAPI document', () => {
  it('passes swagger-parser validate', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it("passes redocly lint with the recommended rules (and redocly.yaml's reasons), without an error or a warning", async () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const problems = await lint({ ref: file, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('lists only the API, each path once without a trailing slash', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !p.startsWith('/api/') || p.endsWith('/'))).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary and a tag', () => {
    const all = operations();
    const ids = all.map(({ operation }) => operation.operationId);
    expect(all.filter(({ operation }) => !operation.operationId || !operation.summary || !operation.tags?.length).map((o) => `${o.method} ${o.path}`)).toEqual(
      [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks the public operations security: [] and only those', () => {
    const open = operations().filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0);
    expect(open.map(({ operation }) => operation.operationId).sort()).toEqual([...PUBLIC].sort());
  });

  it('documents the error answers: 4XX everywhere a client can err, 413 for every body, 409 for unique keys, 429 for sign-in', () => {
    const all = operations();
    const withoutClientError = all.filter(({ operation }) => !Object.keys(operation.responses).some((code) => code.startsWith('4')));
    expect(withoutClientError.map(({ operation }) => operation.operationId).sort()).toEqual([...NO_CLIENT_ERROR].sort());
    expect(all.filter(({ operation }) => operation.requestBody && !operation.responses['413']).map((o) => o.operation.operationId)).toEqual([]);
    const byId = new Map(all.map(({ operation }) => [operation.operationId, operation]));
    for (const id of ['createDevice', 'updateDevice', 'createGateway', 'addTemplate', 'joinInvite', 'createWebhook', 'sendDownlink']) {
      expect(byId.get(id)?.responses, id).toHaveProperty('409');
    }
    expect(byId.get('signIn')?.responses).toHaveProperty('429');
  });

  it('describes the ingest body (each event, JSON or Protobuf) and the import rows', () => {
    const ingest = document.paths['/api/ingest/chirpstack']?.post?.requestBody as { content: Record<string, { schema: { anyOf?: unknown[] } }> };
    expect(Object.keys(ingest.content).sort()).toEqual(['application/json', 'application/octet-stream']);
    expect(ingest.content['application/json']?.schema.anyOf).toHaveLength(8);
    const text = JSON.stringify(document.paths['/api/device/bulk']?.post?.requestBody);
    for (const field of ['dev_eui', 'app_key', 'join_eui', 'name', 'config']) expect(text).toContain(`"${field}"`);
  });
});

describe('a TypeScript client generated from the document (openapi-typescript)', () => {
  /** Type-checks `source` beside the generated types; answers the compiler's messages. */
  async function check(source: string): Promise<string[]> {
    const schemaFile = path.join(dir, 'schema.ts');
    if (!fs.existsSync(schemaFile)) fs.writeFileSync(schemaFile, astToString(await openapiTS(structuredClone(document) as never)));
    const file = path.join(dir, `client-${Math.random().toString(36).slice(2)}.ts`);
    fs.writeFileSync(file, `import type { operations, paths } from './schema';\n${source}`);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('type-checks calls to the main resources', async () => {
    const diagnostics = await check(`
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
const create: Json<operations['createDevice']['requestBody']> = { company_id: 'c', dev_eui: 'A840410001810001', app_key: '2B7E151628AED2A6ABF7158809CF4F3C' };
const page: Json<paths['/api/device']['get']['responses'][200]> = { count: 0, count_exact: true, results: [] };
const id: paths['/api/device/{id}']['get']['parameters']['path']['id'] = 'x';
const problem: Json<operations['createDevice']['responses'][409]> = { code: 'duplicate', message: 'A device with this DevEUI is already registered.' };
const gateway: Json<operations['createGateway']['requestBody']> = { company_id: 'c', gateway_id: '0016C001FF10A235' };
export { create, page, id, problem, gateway };
`);
    expect(diagnostics).toEqual([]);
  });

  it('refuses a call that leaves out a required field', async () => {
    const diagnostics = await check(`
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export const create: Json<operations['createDevice']['requestBody']> = { company_id: 'c', app_key: '2B7E151628AED2A6ABF7158809CF4F3C' };
`);
    expect(diagnostics.join('\n')).toContain('dev_eui');
  });
});
