import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a receiver saw it. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver for the webhook attack tests: records what arrives; answers, redirects, or holds every request until released. */
export interface Recorder {
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  received: Received[];
  /** Requests held unanswered right now ('hang'). */
  open: number;
  /** Answers every held request (and those still to come) with 200. */
  release(): void;
  close(): Promise<void>;
}

export type Answer = { status: number; headers?: http.OutgoingHttpHeaders } | 'hang';

export async function startRecorder(answer: (path: string) => Answer = () => ({ status: 200 })): Promise<Recorder> {
  const held: http.ServerResponse[] = [];
  let released = false;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      recorder.received.push({ path: request.url ?? '', headers: request.headers, body });
      const reply = answer(request.url ?? '');
      if (reply !== 'hang') return void response.writeHead(reply.status, reply.headers).end();
      if (released) return void response.writeHead(200).end();
      held.push(response);
      recorder.open++;
      // The sender gave up (its timeout): no longer held.
      response.on('close', () => {
        const at = held.indexOf(response);
        if (at >= 0) {
          held.splice(at, 1);
          recorder.open--;
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const recorder: Recorder = {
    port,
    base: `http://127.0.0.1:${port}`,
    received: [],
    open: 0,
    release() {
      released = true;
      for (const response of held.splice(0)) response.writeHead(200).end();
      recorder.open = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return recorder;
}

/**
 * A receiver's check of a Standard Webhooks signature, written from the specification with
 * node:crypto only (not the server's code): HMAC-SHA256 keyed with the base64 bytes after `whsec_`,
 * over "id.timestamp.body", compared in constant time with each `v1,` entry.
 */
export function verifies(secret: string, request: Received): boolean {
  const id = request.headers['webhook-id'];
  const timestamp = request.headers['webhook-timestamp'];
  const signatures = request.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!secret.startsWith('whsec_')) return false;
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${request.body}`)
    .digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
