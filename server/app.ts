import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../src/schemas/error';
import { type Catalog, getCatalog } from './catalog/catalog';
import { ApiError } from './http/apiError';
import { acceptsGzip, BodyCache, etagMatches } from './http/cachedBody';
import { guardConnections } from './http/connectionGuard';
import { CORS_HEADERS, LIFI_CORS_HEADERS, LIFI_PREFLIGHT_HEADERS, PREFLIGHT_HEADERS } from './http/cors';
import type { Handler, Reply } from './http/handler';
import { PAGE_SECURITY_HEADERS } from './http/pageHeaders';
import { MAX_BODY_BYTES, readJsonBody } from './http/readBody';
import { queryObject } from './http/validate';
import { LIFI_ROUTES } from './lifi/handlers';
import { AccessControl, type Admission, SPEC_ACCESS_HEADERS } from './limits/access';
import { loadKeyFile, parseKeyConfig, type ResolvedKey } from './limits/keyConfig';
import { LifiAccessControl } from './limits/lifiAccess';
import { createLogger } from './log';
import type { RunningServer, ServerOptions } from './options';
import { buildServiceContext } from './serviceSetup';
import { getChains, getTokens, getTools, warmListings } from './spec/listings';
import { getQuote } from './spec/quote';
import { postRoutes } from './spec/routes';
import { getStatus } from './spec/status';
import { postStepTransaction } from './spec/stepTransaction';

export type { RunningServer, ServerOptions } from './options';

type Method = 'GET' | 'POST';

const ROUTES: ReadonlyMap<string, Partial<Record<Method, Handler>>> = new Map([
  ['/v1/chains', { GET: getChains }],
  ['/v1/tokens', { GET: getTokens }],
  ['/v1/tools', { GET: getTools }],
  ['/v1/quote', { GET: getQuote }],
  ['/v1/advanced/routes', { POST: postRoutes }],
  ['/v1/advanced/stepTransaction', { POST: postStepTransaction }],
  ['/v1/status', { GET: getStatus }],
]);

/**
 * Connection defaults against slow clients. A request header must arrive within 5 s and a whole request within
 * 15 s (Node's defaults are 60 s and 300 s, checked every 30 s: a client trickling bytes held each connection a
 * minute). Well under a common 1,024-descriptor limit in all, a quarter of that per client address.
 */
const CONNECTIONS = { perClient: 256, total: 1_000, headersTimeoutMs: 5_000, requestTimeoutMs: 15_000 };

/** Serialized listings per catalog: servers of the same catalog in one process share them. */
const listingCaches = new WeakMap<Catalog, BodyCache>();

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/**
 * Sends JSON text. ASCII text (the routes answer, built from hundreds of pieces) is measured by its length and
 * written as latin1, which copies the pieces straight into the socket's buffer; measuring its UTF-8 length would
 * first join them into one more 34 KB string, and UTF-8 writing would join them again.
 */
function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string>,
  ascii = false,
): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': ascii ? text.length : Buffer.byteLength(text),
  });
  res.end(text, ascii ? 'latin1' : 'utf8');
}

function sendReply(req: IncomingMessage, res: ServerResponse, reply: Reply, headers: Record<string, string>): void {
  if (reply.kind === 'json') {
    sendJson(res, reply.status ?? 200, reply.body, headers);
    return;
  }
  if (reply.kind === 'jsonText') {
    sendJsonText(res, reply.status ?? 200, reply.text, headers, reply.ascii);
    return;
  }
  const cached = reply.body;
  const common = { ...headers, etag: cached.etag, vary: 'Accept-Encoding', 'cache-control': 'public, max-age=60' };
  if (etagMatches(req.headers['if-none-match'], cached.etag)) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const gzip = acceptsGzip(req.headers['accept-encoding']);
  const bytes = gzip ? cached.gzip : cached.raw;
  res.writeHead(200, {
    ...common,
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(bytes);
}

function isExplorerPath(pathname: string, basePath: string | undefined): boolean {
  return basePath !== undefined && (pathname === basePath || pathname.startsWith(`${basePath}/`));
}

function parseUrl(raw: string | undefined): URL | undefined {
  try {
    return new URL(raw ?? '/', 'http://service.local');
  } catch {
    return undefined;
  }
}

/**
 * Starts the routing service in-process (tests, benchmarks, the CLI). Every response is JSON with CORS and
 * X-RateLimit-* headers; errors are `{message, code, errors?}` and never leak a stack trace.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger(options.logLevel ?? 'warn');
  const catalog = typeof options.catalog === 'object' ? options.catalog : getCatalog(options.catalog ?? 'default');
  let keys: ReadonlyMap<string, ResolvedKey> = new Map();
  if (options.keys) keys = parseKeyConfig(options.keys);
  else if (options.keysFile) keys = loadKeyFile(options.keysFile);
  const lifi = options.dialect === 'lifi';
  // Each dialect is limited the way its production is: the spec's tiers, or LI.FI's limits per endpoint group.
  const access: Admission = lifi
    ? new LifiAccessControl(keys, options.rateLimit)
    : new AccessControl(keys, options.rateLimit, SPEC_ACCESS_HEADERS);
  const routes = lifi ? LIFI_ROUTES : ROUTES;
  const cors = lifi ? LIFI_CORS_HEADERS : CORS_HEADERS;
  const preflight = lifi ? LIFI_PREFLIGHT_HEADERS : PREFLIGHT_HEADERS;
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;

  // A devnet server lists only its chains: its listings are its own, not the catalog's shared ones.
  let listingsCache = options.devnet ? new BodyCache() : listingCaches.get(catalog);
  if (!listingsCache) {
    listingsCache = new BodyCache();
    listingCaches.set(catalog, listingsCache);
  }
  const setup = buildServiceContext({ options, catalog, log, listingsCache });
  const ctx = setup.context;
  warmListings(ctx);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let headers: Record<string, string> = { ...cors };
    try {
      const url = parseUrl(req.url);
      if (url && setup.explorer && isExplorerPath(url.pathname, setup.explorerBasePath)) {
        await serveExplorerPage(req, res, url.pathname);
        return;
      }
      const caller = access.identify(req, url?.pathname);
      if (req.method === 'OPTIONS') {
        headers = { ...headers, ...preflight, ...access.admit(caller, false, url?.pathname) };
        res.writeHead(204, headers);
        res.end();
        return;
      }
      headers = { ...headers, ...access.admit(caller, true, url?.pathname) };
      if (!url) throw new ApiError(400, ErrorCode.Validation, 'Invalid request: malformed URL');
      // An endpoint with a path parameter is keyed with `{param}` in its place (the LI.FI dialect's gas suggestion).
      const methods = routes.get(url.pathname) ?? routes.get(url.pathname.replace(/\/[^/]+$/, '/{param}'));
      if (!methods) throw new ApiError(404, ErrorCode.NotFound, `No endpoint ${url.pathname}`);
      const handler = methods[req.method as Method];
      if (!handler) {
        const allow = [...Object.keys(methods), 'OPTIONS'].join(', ');
        throw new ApiError(405, ErrorCode.Default, `Method ${req.method} not allowed on ${url.pathname}`, {
          headers: { allow },
        });
      }
      const reply = await handler(ctx, {
        url,
        query: queryObject(url.searchParams),
        raw: req,
        body: () => readJsonBody(req, maxBody),
      });
      sendReply(req, res, reply, headers);
    } catch (err) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof ApiError) {
        sendJson(res, err.status, err.body(), { ...headers, ...err.headers });
        return;
      }
      log.error(`${req.method} ${req.url} failed`, err);
      sendJson(res, 500, { message: 'Internal server error', code: ErrorCode.ServerError }, headers);
    }
  };

  /** Explorer pages read the chain: counted per address before any reading, with the page security headers. */
  const serveExplorerPage = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    let rate: Record<string, string>;
    try {
      rate = access.admitExplorer(req);
    } catch (err) {
      const limited = err instanceof ApiError ? err : undefined;
      res.writeHead(429, {
        ...PAGE_SECURITY_HEADERS,
        ...limited?.headers,
        'content-type': 'text/plain; charset=utf-8',
      });
      res.end('Too many explorer pages from this address; try again in a minute.\n');
      return;
    }
    const page = await setup.explorer!(pathname);
    const headers = { ...PAGE_SECURITY_HEADERS, ...rate, 'content-type': 'text/html; charset=utf-8' };
    if (!page) {
      res.writeHead(404, headers);
      res.end('Not found');
      return;
    }
    res.writeHead(page.status, headers);
    res.end(page.body);
  };

  const limits = { ...CONNECTIONS, ...options.connections };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past those time-outs (default 30 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (req, res) => {
      void handle(req, res);
    },
  );
  server.keepAliveTimeout = 5_000;
  guardConnections(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  setup.listening(url);
  log.info(
    `listening on ${url} (catalog ${catalog.kind}, ${catalog.tokenCount} tokens${options.devnet ? ', devnet' : ''}, dialect ${options.dialect ?? 'spec'})`,
  );
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
