import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does with one request. */
export type Fault =
  /** Pass the request to the service untouched. */
  | { kind: 'forward' }
  /** Answer at once with this status and body (JSON when an object), and extra headers (e.g. Retry-After). */
  | { kind: 'answer'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Close the connection without an answer: to the client, the service cannot be reached. */
  | { kind: 'drop' }
  /** Wait, then forward: past the client's time-out this is a slow service. */
  | { kind: 'delay'; ms: number }
  /**
   * Forward, then rewrite the JSON body of a 2xx answer (spec-violating payloads, tampered transactions); with
   * `request`, the JSON body of the request is rewritten before it is forwarded (a compromised service asking its
   * upstream for something else than the client asked).
   */
  | {
      kind: 'rewrite';
      rewrite: (body: unknown, request: RecordedRequest) => unknown;
      request?: (body: unknown) => unknown;
    };

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: IncomingMessage['headers'];
  at: number;
  /** What the proxy answered (0 when the client went away first). */
  status: number;
};

type Script = { queue: Fault[]; then: Fault };

export type FaultProxy = {
  url: string;
  /** Every request seen, oldest first. */
  readonly requests: RecordedRequest[];
  /**
   * Scripts `path` (pathname, e.g. `/v1/status`): the next requests get `faults` in order, every later one `then`
   * (default forward). Replaces an earlier script of the same path.
   */
  script(path: string, faults: Fault[], then?: Fault): void;
  /** Back to forwarding everything; the request log is kept unless `clearLog`. */
  reset(options?: { clearLog?: boolean }): void;
  /** Requests to `path` (optionally since a time). */
  count(path: string, since?: number): number;
  /** Points the proxy at another service (a restarted one on a new port). */
  setTarget(target: string): void;
  close(): Promise<void>;
};

export const answer = (status: number, body?: unknown, headers?: Record<string, string>): Fault => ({
  kind: 'answer',
  status,
  body,
  headers,
});
export const FORWARD: Fault = { kind: 'forward' };

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * A loopback HTTP proxy in front of the real reference service that can be scripted per route to misbehave: the
 * extension is pointed at it (settings.apiBaseUrl) and the tests count what reaches it. CORS headers are added to
 * every answer it makes up, like the real service does.
 */
export async function startFaultProxy(initialTarget: string): Promise<FaultProxy> {
  let target = initialTarget;
  const scripts = new Map<string, Script>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const next = (path: string): Fault => {
    const script = scripts.get(path);
    if (!script) return FORWARD;
    return script.queue.shift() ?? script.then;
  };

  async function forward(req: IncomingMessage, body: Buffer): Promise<Response> {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !HOP_HEADERS.has(k)) headers[k] = v;
    // The proxy rewrites bodies, so it asks for plain ones.
    delete headers['accept-encoding'];
    return fetch(`${target}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(body) : undefined,
    });
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
    if (res.destroyed) return;
    res.writeHead(status, {
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
      ...headers,
    });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, raw: Buffer) {
    if (req.method === 'OPTIONS') {
      // Preflights are not what the tests count; let the service answer them.
      const upstream = await forward(req, raw);
      send(res, upstream.status, await upstream.text(), Object.fromEntries(upstream.headers));
      return;
    }
    requests.push(record);
    let fault = next(record.path);
    if (fault.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'delay') {
      await new Promise((done) => setTimeout(done, fault.kind === 'delay' ? fault.ms : 0));
      if (res.destroyed) return;
      fault = FORWARD;
    }
    if (fault.kind === 'answer') {
      const text = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body ?? {});
      record.status = fault.status;
      send(res, fault.status, text, { 'content-type': 'application/json', ...fault.headers });
      return;
    }
    const sent =
      fault.kind === 'rewrite' && fault.request && raw.length > 0
        ? Buffer.from(JSON.stringify(fault.request(JSON.parse(raw.toString('utf8')))))
        : raw;
    const upstream = await forward(req, sent);
    let text = await upstream.text();
    if (fault.kind === 'rewrite' && upstream.ok) text = JSON.stringify(fault.rewrite(JSON.parse(text), record));
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (!HOP_HEADERS.has(key) && key !== 'content-encoding' && key !== 'etag') headers[key] = value;
    });
    record.status = upstream.status;
    send(res, upstream.status, text, headers);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://proxy.local');
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: raw.toString('utf8'),
      headers: req.headers,
      at: Date.now(),
      status: 0,
    };
    try {
      await handle(req, res, record, raw);
    } catch (err) {
      // The service is down (being restarted): a gateway error, as a real proxy would answer.
      record.status = 502;
      send(res, 502, JSON.stringify({ message: `Bad gateway: ${(err as Error).message}`, code: 1006 }), {
        'content-type': 'application/json',
      });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    script(path, faults, then = FORWARD) {
      scripts.set(path, { queue: [...faults], then });
    },
    reset({ clearLog = false } = {}) {
      scripts.clear();
      if (clearLog) requests.length = 0;
    },
    count: (path, since = 0) => requests.filter((r) => r.path === path && r.at >= since).length,
    setTarget(next) {
      target = next;
    },
    close: () =>
      new Promise<void>((done) => {
        // Slow answers still waiting would keep close() open.
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
