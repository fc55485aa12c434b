import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** A listing serialized once: raw and gzipped bytes and a weak ETag shared by both encodings. */
export type CachedBody = { raw: Buffer; gzip: Buffer; etag: string };

export function cacheBody(value: unknown): CachedBody {
  const raw = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash('sha1').update(raw).digest('base64url')}"`;
  return { raw, gzip: gzipSync(raw, { level: 6 }), etag };
}

/**
 * Small LRU of serialized listings keyed by normalized filter (`chains=1,10`): /v1/tokens on the large catalog is
 * megabytes of JSON, so it is stringified and gzipped once, not per request.
 */
export class BodyCache {
  private readonly entries = new Map<string, CachedBody>();
  constructor(private readonly max = 128) {}

  get(key: string, build: () => unknown): CachedBody {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
    } else {
      entry = cacheBody(build());
      if (this.entries.size >= this.max) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
    }
    this.entries.set(key, entry);
    return entry;
  }
}

/** Whether an If-None-Match header matches the ETag (weak comparison, lists and `*` accepted). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const target = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === target);
}

/** Whether the client accepts gzip (a `gzip;q=0` refusal is honoured). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}
