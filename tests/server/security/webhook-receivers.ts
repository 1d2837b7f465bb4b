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
