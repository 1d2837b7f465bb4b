import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../server/src/dataplane/webhooks/post.js';

// How one delivery is sent (dataplane/webhooks/post.ts): the receiver's status, or our category of why there was none.
describe('posting a delivery', () => {
  let server: http.Server;
  let base: string;
  const bodies: { path: string | undefined; headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push({ path: request.url, headers: request.headers, body });
        if (request.url === '/moved') response.writeHead(302, { location: '/elsewhere' }).end();
        else if (request.url === '/silent') response.writeHead(200).write('the first part, and then nothing');
        else if (request.url !== '/never') response.writeHead(201).end('a body nobody reads');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // The receiver is on loopback: allowed here as WEBHOOKS_ALLOW_PRIVATE allows it (tests/security prove it is refused otherwise).
  const post = postJson({ timeoutMs: 300, allowPrivate: true });

  it('sends the body with its headers and answers the status', async () => {
    expect(await post(`${base}/hook?x=1`, { 'content-type': 'application/json', 'x-token': 's3cret' }, '{"n":1}')).toBe(201);
    expect(bodies.at(-1)).toMatchObject({ path: '/hook?x=1', headers: { 'x-token': 's3cret', 'content-length': '7' }, body: '{"n":1}' });
  });

  it('does not follow a redirect', async () => {
    expect(await post(`${base}/moved`, {}, '{}')).toBe(302);
    expect(bodies.at(-1)?.path).toBe('/moved');
  });

  it('gives up on a receiver that does not answer, or does not finish its answer, in time', async () => {
    await expect(post(`${base}/never`, {}, '{}')).rejects.toMatchObject({ category: 'timeout' });
    await expect(post(`${base}/silent`, {}, '{}')).rejects.toMatchObject({ category: 'timeout' });
  });

  it('fails when nobody listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(post(`http://127.0.0.1:${port}/hook`, {}, '{}')).rejects.toMatchObject({ category: 'connection_failed', message: 'connection_failed' });
  });
});
