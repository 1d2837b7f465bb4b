import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { uniqueEmail } from '../helpers/users.js';

// Issue #16: with TRUST_PROXY=true any client's X-Forwarded-For was believed: a changing header
// escaped the sign-in limit, and a victim's address in it locked the victim out.
describe('TRUST_PROXY', () => {
  it('lists proxy addresses and CIDRs, and refuses "any peer" and hop counts', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must list/);
    // Fastify 5 takes a hop count but then ignores X-Forwarded-For altogether: refused, not silently useless.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY must list/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/not an IP address or CIDR/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR/);
  });
});

describe('the client address of the sign-in limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  const signIn = (remoteAddress: string, forwardedFor: string) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        formFields: [
          { id: 'email', value: uniqueEmail() },
          { id: 'password', value: 'wrong password 9' },
        ],
      },
    });

  it("ignores a client's own X-Forwarded-For: changing it escapes nothing, and a victim's address in it locks nobody out", async () => {
    t = await createTestApp({ SIGNIN_ADDRESS_MAX: '2' });
    for (let i = 1; i <= 2; i++) expect((await signIn('192.0.2.66', `198.51.100.${i}`)).statusCode).toBe(200);
    expect((await signIn('192.0.2.66', '198.51.100.3')).statusCode).toBe(429);
    // The victim whose address the attacker wrote into the header signs in as usual.
    expect((await signIn('198.51.100.1', '')).statusCode).toBe(200);
  });

  it('believes the X-Forwarded-For of a listed proxy, and only of it', async () => {
    t = await createTestApp({ SIGNIN_ADDRESS_MAX: '2', TRUST_PROXY: '10.0.0.5' });
    for (let i = 0; i < 2; i++) expect((await signIn('10.0.0.5', '198.51.100.20')).statusCode).toBe(200);
    expect((await signIn('10.0.0.5', '198.51.100.20')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await signIn('10.0.0.5', '198.51.100.21')).statusCode).toBe(200);
    // A peer that is not the proxy: its header is not believed, it counts as itself.
    for (let i = 0; i < 2; i++) expect((await signIn('192.0.2.77', `198.51.100.${30 + i}`)).statusCode).toBe(200);
    expect((await signIn('192.0.2.77', '198.51.100.40')).statusCode).toBe(429);
  });
});
