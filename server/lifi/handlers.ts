import type { Handler } from '../http/handler';
import { getLifiGasSuggestion } from './gasSuggestion';
import { getLifiChains, getLifiToken, getLifiTokens, getLifiTools } from './listings';
import { getOneClickStatus } from './oneClickStatus';
import { getLifiQuote } from './quote';
import { postLifiRoutes } from './routes';
import { getLifiStatus } from './status';
import { postLifiStepTransaction } from './stepTransaction';

/**
 * The lifi dialect's endpoints. Each parses LI.FI's wire shape into the shared request (server/routing/
 * resolveRequest.ts) and presents the shared result in LI.FI's JSON (present.ts); the search, the re-derivation of a
 * step and the transaction's figures are the spec dialect's too.
 */
export const LIFI_ROUTES: ReadonlyMap<string, Partial<Record<'GET' | 'POST', Handler>>> = new Map([
  ['/v1/chains', { GET: getLifiChains }],
  ['/v1/tokens', { GET: getLifiTokens }],
  ['/v1/token', { GET: getLifiToken }],
  ['/v1/tools', { GET: getLifiTools }],
  ['/v1/quote', { GET: getLifiQuote }],
  ['/v1/advanced/routes', { POST: postLifiRoutes }],
  ['/v1/advanced/stepTransaction', { POST: postLifiStepTransaction }],
  ['/v1/status', { GET: getLifiStatus }],
  // A path parameter: app.ts looks a path up as written, then with its last segment as `{param}`.
  ['/v1/gas/suggestion/{param}', { GET: getLifiGasSuggestion }],
  // The devnet's 1Click (server/devnet/oneClickQuotes.ts), beside the twin: not part of li.quest.
  ['/1click/v0/status', { GET: getOneClickStatus }],
]);
