import { browser } from '#imports';

/** Hosts granted by the manifest (loopback); anything else is an optional permission asked for at save time. */
const BUILT_IN = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

/** Origin pattern for a base URL, or undefined when it needs no request (or is not a URL). */
export function originPatternFor(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (BUILT_IN.test(url.origin)) return undefined;
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
