import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';
import { errorShapeProblem } from './error-shape.js';
import { documentedRoutes, parametersIn } from './openapi-routes.js';

/** Names that an object used as a map answers from Object.prototype. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'];

// `GET /api/filter_options/device/__proto__` (and constructor, toString) was a 500.
describe('names of Object.prototype members in paths and queries', () => {
  let t: TestApp;
  let user: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, owner: user, company } = await oneCompany({}, 'Prototype company'));
  });
  afterAll(async () => t.close());

  it('answers unknown filter models and fields with 404, whatever the name', async () => {
    for (const name of [...PROTOTYPE_NAMES, 'no_such_field']) {
      for (const url of [`/api/filter_options/device/${name}`, `/api/filter_options/${name}/config`, `/api/filter_options/${name}/${name}`]) {
        const response = await call(t.app, user, 'GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ code: 'notFound' });
      }
    }
  });

  it('still answers the known ones', async () => {
    const response = await call(t.app, user, 'GET', `/api/filter_options/device/power_status?company_id=${company}`);
    expect(response.statusCode).toBe(200);
  });

  it('never fails on such names in any path or query parameter of a GET route', async () => {
    const failures: string[] = [];
    for (const route of (await documentedRoutes(t.app)).filter((candidate) => candidate.method === 'GET')) {
      for (const name of PROTOTYPE_NAMES) {
        const path = route.path.replace(/\{(\w+)\}/g, (_whole, parameter: string) => (parameter === 'company_id' ? company : name));
        const query = parametersIn(route, 'query').map((parameter) => `${parameter.name}=${name}`);
        const url = `${path}?${[...query, `${name}=${name}`].join('&')}`;
        const response = await call(t.app, user, 'GET', url);
        const problem = response.statusCode >= 500 ? `status ${response.statusCode}` : errorShapeProblem(response);
        if (problem) failures.push(`${url} → ${response.statusCode} ${problem}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names a body field called like a prototype member in the error, without touching Object.prototype', async () => {
    const response = await call(t.app, user, 'POST', '/api/company/', { name: 'x', constructor: 1, toString: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field_codes: Record<string, unknown> }>().field_codes).toEqual({
      constructor: { code: 'unknown_field' },
      toString: { code: 'unknown_field' },
    });
  });
});
