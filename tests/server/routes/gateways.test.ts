import { X509Certificate, createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, GatewayCertificate } from '../../../server/src/schemas/gateways.js';
import { twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

describe('/api/gateway', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ MQTT_PUBLIC_URL: 'mqtts://lora.example.com:8883' }));
  });
  afterAll(async () => t.close());

  it('registers a gateway by its EUI in any common notation, stored upper-case', async () => {
    const created = await call(t.app, alice, 'POST', '/api/gateway/', { company_id: company, gateway_id: '00:16:c0:01:f1:53:a1:4c', name: 'Roof' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ gateway_id: '0016C001F153A14C', name: 'Roof', connected: false, last_seen: null, cert_expires_at: null });
    const list = (await call(t.app, alice, 'GET', `/api/gateway/?company_id=${company}&search=a14c`)).json<Page<Gateway>>();
    expect(list.results.map((g) => g.gateway_id)).toEqual(['0016C001F153A14C']);
  });

  it('refuses a gateway ID that is registered already, in any company', async () => {
    const again = await call(t.app, bob, 'POST', '/api/gateway/', { company_id: bobCompany, gateway_id: '0016C001F153A14C' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'duplicate', fields: { gateway_id: expect.any(String) } });
  });

  it.each([
    [{ company_id: 'x', gateway_id: '0016C001F153A14D' }, 'company_id'],
    [{ gateway_id: '0016C001F153A14D' }, 'company_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000' }, 'gateway_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', gateway_id: '0016C001F153A1' }, 'gateway_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', gateway_id: '0016C001F153A14G' }, 'gateway_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', gateway_id: 16 }, 'gateway_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', gateway_id: '0016C001F153A14D', name: '   ' }, 'name'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', gateway_id: '0016C001F153A14D', region: 'eu868' }, 'region'],
  ])('rejects %j', async (body, field) => {
    const response = await call(t.app, alice, 'POST', '/api/gateway/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it('issues a real client certificate chain from the platform CA by POST, fresh on every call', async () => {
    const gateway = (await call(t.app, alice, 'GET', `/api/gateway/?company_id=${company}`)).json<Page<Gateway>>().results[0] as Gateway;
    const response = await call(t.app, alice, 'POST', `/api/gateway/${gateway.id}/cert`);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<GatewayCertificate>();
    expect(body.server).toBe('mqtts://lora.example.com:8883');
    const cert = new X509Certificate(body.tls_cert);
    const ca = new X509Certificate(body.ca_cert);
    expect(cert.subject).toContain('CN=0016C001F153A14C');
    expect(cert.issuer).toBe(ca.subject);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(body.tls_key))).toBe(true);
    expect(Date.parse(cert.validFrom)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(body.expires_at)).toBe(Date.parse(cert.validTo));
    expect(body.ca_cert).not.toContain('PRIVATE KEY');

    const second = (await call(t.app, alice, 'POST', `/api/gateway/${gateway.id}/cert`)).json<GatewayCertificate>();
    expect(second.tls_cert).not.toBe(body.tls_cert);
    expect(second.ca_cert).toBe(body.ca_cert);
    const listed = (await call(t.app, alice, 'GET', `/api/gateway/${gateway.id}/`)).json<Gateway>();
    expect(listed.cert_expires_at).toBe(new Date(new X509Certificate(second.tls_cert).validTo).toISOString());
  });

  it('downloads the certificate in force again by GET, without its key', async () => {
    const gateway = (await call(t.app, alice, 'POST', '/api/gateway/', { company_id: company, gateway_id: 'AA555A0000000009' })).json<Gateway>();
    expect((await call(t.app, alice, 'GET', `/api/gateway/${gateway.id}/cert`)).json()).toMatchObject({ code: 'notFound' });
    const issued = (await call(t.app, alice, 'POST', `/api/gateway/${gateway.id}/cert`)).json<GatewayCertificate>();
    const again = await call(t.app, alice, 'GET', `/api/gateway/${gateway.id}/cert`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ server: issued.server, ca_cert: issued.ca_cert, tls_cert: issued.tls_cert, expires_at: issued.expires_at });
  });

  it("answers 404 for every call on another company's gateway", async () => {
    const theirs = (await call(t.app, bob, 'POST', '/api/gateway/', { company_id: bobCompany, gateway_id: 'B827EBFFFE000001' })).json<Gateway>();
    for (const [method, url, body] of [
      ['GET', `/api/gateway/${theirs.id}/`],
      ['PATCH', `/api/gateway/${theirs.id}/`, { name: 'Mine now' }],
      ['DELETE', `/api/gateway/${theirs.id}/`],
      ['GET', `/api/gateway/${theirs.id}/cert`],
      ['POST', `/api/gateway/${theirs.id}/cert`],
      ['POST', '/api/gateway/', { company_id: bobCompany, gateway_id: 'B827EBFFFE000002' }],
    ] as const) {
      const response = await call(t.app, alice, method, url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(t.app, alice, 'GET', `/api/gateway/?company_id=${bobCompany}`)).json()).toEqual({ count: 0, results: [] });
    expect((await call(t.app, alice, 'GET', `/api/gateway/?id=${theirs.id}`)).json()).toEqual({ count: 0, results: [] });
  });

  it('renames and deletes an own gateway', async () => {
    const created = (await call(t.app, alice, 'POST', '/api/gateway/', { company_id: company, gateway_id: 'AA555A0000000001' })).json<Gateway>();
    expect((await call(t.app, alice, 'PATCH', `/api/gateway/${created.id}/`, { name: 'Cellar' })).json()).toMatchObject({ name: 'Cellar' });
    expect((await call(t.app, alice, 'DELETE', `/api/gateway/${created.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, alice, 'GET', `/api/gateway/${created.id}/`)).statusCode).toBe(404);
  });
});
