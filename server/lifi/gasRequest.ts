import { invalidField } from '../http/apiError';
import type { RouteRequest } from '../routing/routeRequest';

/**
 * LI.FI's `fromAmountForGas` (a `/v1/quote` query parameter, and a top-level field of the `/v1/advanced/routes` body,
 * beside `options`, as `@lifi/types` QuoteRequest and RoutesRequest have it): the part of `fromAmount`, in the token
 * sent, that becomes gas on the destination (server/routing/gasOnArrival.ts). What cannot be gas on arrival is a 400
 * naming the field, as the service's other validation errors are.
 */
export function withGasOnArrival(request: RouteRequest, value: string | undefined): RouteRequest {
  if (value === undefined) return request;
  const amount = BigInt(value);
  if (amount === 0n) throw invalidField('fromAmountForGas', 'must be greater than 0');
  if (amount >= request.fromAmount) throw invalidField('fromAmountForGas', 'must be less than fromAmount');
  if (request.fromChain.id === request.toChain.id) {
    throw invalidField('fromAmountForGas', 'is offered only across chains: the gas arrives on the destination chain');
  }
  if (request.toChain.chainType !== 'EVM') {
    throw invalidField('fromAmountForGas', `is not offered to ${request.toChain.name} here`);
  }
  return { ...request, fromAmountForGas: amount };
}
