const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname);

/**
 * Links from the routing service that the extension may show or open: https, or http on a loopback host (the
 * devnet's explorer runs on 127.0.0.1; nothing on loopback can be a phishing site reached by a typo). Anything else
 * (http on the internet, javascript:, data:) is undefined.
 */
export function safeLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    if (url.protocol === 'https:') return url.href;
    if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.href;
  } catch {
    // Not a URL.
  }
  return undefined;
}
