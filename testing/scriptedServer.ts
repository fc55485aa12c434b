import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  /** Path and query exactly as sent, e.g. `/v1/tokens?chains=1,10` (to check list encoding). */
  url: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
};

export type ScriptedResponse = {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (so malformed JSON can be sent); anything else is JSON-encoded. */
  body?: unknown;
  /** Wait this long before answering (to provoke client time-outs). */
  delayMs?: number;
  /** Destroy the socket without answering (network failure). */
  destroy?: boolean;
};

export type Responder = (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

/**
 * A real HTTP server on loopback whose answers a test scripts route by route (`METHOD /path`). Used to test the
 * client and the background against faults the reference service does not produce on its own.
 * Unscripted routes answer 404 with a LI.FI-shaped error body.
 */
export async function startScriptedServer() {
  const routes = new Map<string, Responder[]>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      url: req.url ?? '/',
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    requests.push(recorded);
    const queue = routes.get(`${recorded.method} ${recorded.path}`);
    // A queue of several responders is consumed in order; the last one stays and answers every later request.
    const responder = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const answer: ScriptedResponse = responder
      ? await responder(recorded)
      : { status: 404, body: { message: `no script for ${recorded.method} ${recorded.path}`, code: 1003 } };
    // A delayed answer stops waiting when the client goes away (abort, time-out), so no timer outlives its test.
    if (answer.delayMs) await delayUnlessClosed(answer.delayMs, res);
    if (answer.destroy) {
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces the script for a route. Several responders answer successive requests; the last one repeats. */
    script(route: `${'GET' | 'POST'} /${string}`, ...responders: (Responder | ScriptedResponse)[]) {
      routes.set(
        route,
        responders.map((r) => (typeof r === 'function' ? r : () => r)),
      );
    },
    /** Requests received on one route, in order. */
    requestsTo(route: `${'GET' | 'POST'} /${string}`) {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type ScriptedServer = Awaited<ReturnType<typeof startScriptedServer>>;

function delayUnlessClosed(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}
