import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../../../server/src/schemas/common.js';
import { createCompany, insertDevice } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';
import { errorShapeProblem } from './error-shape.js';
import { documentedRoutes, parametersIn, type DocumentedRoute } from './openapi-routes.js';

const OUT_OF_RANGE = ['99999999999999999999', '1e400', '-99999999999999999999', '0', '-1', '1.5', 'NaN', 'Infinity', String(MAX_PAGE + 1)];

// `page=99999999999999999999` was a 500 on every list (SQLite: datatype mismatch on the offset).
describe('numbers beyond range in list queries', () => {
  let t: TestApp;
  let user: SignedIn;
  let ids: Record<string, string>;
  let lists: DocumentedRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t.app);
    const company = await createCompany(t, user, 'Numbers company');
    const device = await insertDevice(t, { company_id: company, dev_eui: 'A84041000181C6B1', name: 'Meter' });
    ids = { company_id: company, id: device };
    const numeric = (route: DocumentedRoute) => parametersIn(route, 'query').some((parameter) => ['integer', 'number'].includes(parameter.schema.type ?? ''));
    // Gateway routes take a gateway's id: the device's id stands in, the query is refused before it is looked up.
    lists = (await documentedRoutes(t.app)).filter((route) => route.method === 'GET' && numeric(route));
  });
  afterAll(async () => t.close());

  const url = (route: DocumentedRoute, query: string) => `${route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => ids[name] ?? ids.id ?? '')}?${query}`;

  it('finds the list routes in the OpenAPI document', () => {
    expect(lists.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/device', '/api/company', '/api/device/{id}/events', '/api/device/{id}/frames']),
    );
  });

  it('refuses every out-of-range number with a 400 naming the parameter', async () => {
    const wrong: string[] = [];
    for (const route of lists) {
      for (const parameter of parametersIn(route, 'query').filter((candidate) => ['integer', 'number'].includes(candidate.schema.type ?? ''))) {
        for (const value of OUT_OF_RANGE) {
          const response = await call(t.app, user, 'GET', url(route, `${parameter.name}=${value}`));
          const body = response.json<{ code?: string; field_codes?: Record<string, unknown> }>();
          const named = body.field_codes?.[parameter.name] !== undefined;
          if (response.statusCode !== 400 || body.code !== 'validation' || !named || errorShapeProblem(response)) {
            wrong.push(`${route.path}?${parameter.name}=${value} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the last page allowed with an empty page', async () => {
    for (const path of ['/api/device/', '/api/company/', `/api/device/${ids.id}/events`, `/api/device/${ids.id}/frames`]) {
      const response = await call(t.app, user, 'GET', `${path}?page=${MAX_PAGE}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ results: unknown[] }>().results).toEqual([]);
    }
  });
});
