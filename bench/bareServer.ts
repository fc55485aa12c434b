import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the bare server answers GET and POST /json with: a small JSON, as small as an answer can usefully be. */
export const BARE_JSON = '{"ok":true}';

export type BareServer = { url: string; close(): Promise<void> };

/**
 * The service section's baseline: a bare `node:http` server with no routing, validation, limiter or route search,
 * loaded by the same client in the same run. It answers `/json` (any method: a request body is read to its end
 * first, as the service does) with BARE_JSON, and `/body` with `body` as given (e.g. the large catalog's gzip bytes,
 * sent as they are, with its ETag and a 304 when the client has it): what the network path alone costs on this
 * machine today.
 */
export async function startBareServer(body?: { bytes: Buffer; etag: string; encoding?: string }): Promise<BareServer> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/json') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': BARE_JSON.length });
        res.end(BARE_JSON);
      } else if (req.url === '/body' && body) {
        if (req.headers['if-none-match'] === body.etag) {
          res.writeHead(304, { etag: body.etag });
          res.end();
          return;
        }
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': body.bytes.length,
          etag: body.etag,
          ...(body.encoding ? { 'content-encoding': body.encoding } : {}),
        });
        res.end(body.bytes);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
