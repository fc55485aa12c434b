import { type Chain, ChainsResponseSchema } from '../schemas/catalog';
import { LifiChainsResponseSchema } from '../schemas/lifi/catalog';
import type { RoutingClient } from './client';
import type { ApiDialect } from './dialect';
import { getChains } from './getChains';
import { getQuote } from './getQuote';
import { getRoutes } from './getRoutes';
import { getStatus } from './getStatus';
import { getStepTransaction } from './getStepTransaction';
import { getTokens } from './getTokens';
import { getTools } from './getTools';
import { getLifiChains, getLifiTokens, getLifiTools, readLifiListing } from './lifi/catalog';
import { getLifiGasSuggestion } from './lifi/gasSuggestion';
import { getLifiQuote } from './lifi/quote';
import { getLifiRoutes, getLifiStepTransaction } from './lifi/routes';
import { type GetLifiStatusParameters, getLifiStatus } from './lifi/status';
import { parseResponse } from './validate';

type Context = { url: string; method: string };

/**
 * One set of actions per dialect, all answering in the internal model: callers pick the set once (from the
 * settings) and never look at the dialect again.
 */
export type RoutingActions = {
  getChains: typeof getChains;
  getTokens: typeof getTokens;
  getTools: typeof getTools;
  getQuote: typeof getQuote;
  getRoutes: typeof getRoutes;
  getStepTransaction: typeof getStepTransaction;
  /** Chain hints are the extension's own record; a dialect that does not need them ignores them. */
  getStatus(client: RoutingClient, params: GetLifiStatusParameters): ReturnType<typeof getStatus>;
  /** A `GET /v1/chains` body already fetched (the dialect detection's), read as getChains would. */
  chainsFromBody(body: unknown, context: Context): Chain[];
  /** LI.FI's gas suggestion for gas on arrival; the spec has none (undefined: the caller estimates itself). */
  getGasSuggestion: typeof getLifiGasSuggestion;
};

const spec: RoutingActions = {
  getChains,
  getTokens,
  getTools,
  getQuote,
  getRoutes,
  getStepTransaction,
  getStatus,
  chainsFromBody: (body, context) => parseResponse(ChainsResponseSchema, body, context).chains,
  getGasSuggestion: async () => undefined,
};

const lifi: RoutingActions = {
  getChains: getLifiChains,
  getTokens: getLifiTokens,
  getTools: getLifiTools,
  getQuote: getLifiQuote,
  getRoutes: getLifiRoutes,
  getStepTransaction: getLifiStepTransaction,
  getStatus: getLifiStatus,
  chainsFromBody: (body, context) => readLifiListing(parseResponse(LifiChainsResponseSchema, body, context).chains),
  getGasSuggestion: getLifiGasSuggestion,
};

export const routingActions = (dialect: ApiDialect): RoutingActions => (dialect === 'lifi' ? lifi : spec);
