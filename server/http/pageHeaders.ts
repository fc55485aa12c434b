/**
 * Headers of every HTML page the service serves (the devnet block explorer). The pages carry chain data anyone can
 * write (token names, addresses): the policy allows no script, no plugin, no outside resource at all, only the
 * page's own inline stylesheet (and inline styles, which cannot run code); no other site may frame them
 * (clickjacking), and browsers must not sniff a type other than the one sent.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
