import { browser } from '#imports';
import { isBuiltInApiOrigin } from '../lib/buildHosts';

/**
 * Origin pattern for a base URL, or undefined when it needs no request (or is not a URL). Hosts granted by the
 * manifest (src/lib/buildHosts.ts) need none; anything else is an optional permission asked for at save time.
 */
export function originPatternFor(
  baseUrl: string,
  storeBuild: boolean = import.meta.env.BRIDGE_STORE_BUILD === true,
): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (isBuiltInApiOrigin(url.origin, storeBuild)) return undefined;
  return `${url.protocol}//${url.hostname}/*`;
}

/**
 * Must be called directly in the click handler (before any await): browsers only show the permission prompt
 * during a user gesture.
 */
export function requestHostPermission(baseUrl: string): Promise<boolean> {
  const origin = originPatternFor(baseUrl);
  if (!origin) return Promise.resolve(true);
  return browser.permissions.request({ origins: [origin] });
}
