import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signUp, type SignedIn } from '../helpers/users.js';
import { JUNK_BODIES, JUNK_PARAMETERS, JUNK_VALUES, paths, rawBodies, replaced, sample } from './fuzz-values.js';
import { errorShapeProblem } from './error-shape.js';
import { documentedRoutes, parametersIn, type DocumentedRoute } from './openapi-routes.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEV_EUI = 'A84041000181C6A1';

/**
 * Bodies for routes whose schema the OpenAPI document cannot show (the ingest body is checked
 * against the schema of the `event` in the query): a full uplink of a registered device.
 */
const OPAQUE_BODY_SEEDS: Record<string, unknown> = {
  '/api/ingest/chirpstack': {
    deduplicationId: '5e1b2c1a-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    time: '2026-11-22T08:00:00Z',
    deviceInfo: { devEui: DEV_EUI, deviceName: 'fuzz' },
    fCnt: 3,
    fPort: 1,
    dr: 5,
    data: 'AAAA',
    rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -80, snr: 7.5, channel: 1, location: { latitude: 52.5, longitude: 13.4 } }],
    txInfo: { frequency: 868_100_000, modulation: { lora: { bandwidth: 125_000, spreadingFactor: 7 } } },
    batteryLevel: 80,
    margin: 10,
    fCntDown: 1,
    downlinkId: 1,
  },
};

/** The path of a route with its parameters filled: the user's company, else a fresh UUID or the first allowed value. */
function fillPath(route: DocumentedRoute, companyId: string, overrides: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (name in overrides) return overrides[name] as string;
    const schema = parametersIn(route, 'path').find((parameter) => parameter.name === name)?.schema;
    const value = sample(schema, companyId, name);
    return encodeURIComponent(String(value));
  });
}

function validQuery(route: DocumentedRoute, companyId: string): Record<string, string> {
  const query = parametersIn(route, 'query');
  return Object.fromEntries(query.map((parameter) => [parameter.name, String(sample(parameter.schema, companyId, parameter.name))]));
}

const withQuery = (path: string, query: Record<string, string>, extra = ''): string => {
  const text = [new URLSearchParams(query).toString(), extra].filter(Boolean).join('&');
  return text ? `${path}?${text}` : path;
};

// Sign-out and the auth routes last: signing out would end the session the rest of the fuzz uses.
const order = (route: DocumentedRoute): number => (route.path === '/api/auth/signout' ? 2 : route.path.startsWith('/api/auth/') ? 1 : 0);

describe('fuzzing every write route of the OpenAPI document', () => {
  let t: TestApp;
  let user: SignedIn;
  let companyId: string;
  let routes: DocumentedRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t.app);
    companyId = await createCompany(t, user, 'Fuzz company');
    const device = await t.app.inject({
      method: 'POST',
      url: '/api/device/',
      headers: user.headers,
      payload: { company_id: companyId, dev_eui: DEV_EUI, app_key: 'A'.repeat(32) },
    });
    expect(device.statusCode).toBe(201);
    const written = (await documentedRoutes(t.app)).filter((route) => WRITE_METHODS.has(route.method));
    routes = written.sort((a, b) => order(a) - order(b));
  });
  afterAll(async () => t.close());

  it('answers bad bodies, query and path parameters with a 4xx in the error body shape, never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;
    const send = async (route: DocumentedRoute, url: string, payload: string | undefined, contentType = 'application/json') => {
      sent += 1;
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: { ...user.headers, ...(payload === undefined ? {} : { 'content-type': contentType }) },
        ...(payload === undefined ? {} : { payload }),
      });
      const problem = response.statusCode >= 500 ? `status ${response.statusCode}` : errorShapeProblem(response);
      if (problem)
        failures.push(
          `${route.method} ${url.slice(0, 120)} ${(payload ?? '').slice(0, 160)} → ${response.statusCode} ${problem}: ${response.body.slice(0, 200)}`,
        );
    };

    for (const route of routes) {
      const path = fillPath(route, companyId);
      const query = validQuery(route, companyId);
      const url = withQuery(path, query);
      const schema = route.operation.requestBody?.content['application/json']?.schema;
      const base = OPAQUE_BODY_SEEDS[route.path] ?? (route.operation.requestBody ? sample(schema, companyId) : undefined);

      if (base !== undefined) {
        for (const body of JUNK_BODIES) await send(route, url, JSON.stringify(body));
        for (const raw of rawBodies(base)) await send(route, url, raw);
        await send(route, url, 'company_id=x', 'application/x-www-form-urlencoded');
        await send(route, url, JSON.stringify(base), 'text/plain');
        for (const at of paths(base)) {
          for (const junk of JUNK_VALUES) await send(route, url, JSON.stringify(replaced(base, at, junk)));
        }
      } else {
        await send(route, url, JSON.stringify({ unexpected: 'x'.repeat(10_000) }));
      }
      const body = base === undefined ? undefined : JSON.stringify(base);
      for (const junk of JUNK_PARAMETERS) {
        for (const name of Object.keys(query)) await send(route, withQuery(path, { ...query, [name]: junk }), body);
        await send(route, withQuery(path, query, `page=${junk}&page_size=${junk}&${junk}=${junk}`), body);
        for (const parameter of parametersIn(route, 'path')) {
          await send(route, withQuery(fillPath(route, companyId, { [parameter.name]: junk }), query), body);
        }
      }
      await send(route, withQuery(path, query, '__proto__[polluted]=1&constructor[prototype][polluted]=1&a[]=1&a[]=2'), body);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(sent).toBeGreaterThan(1_000);
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
