import * as crypto from 'node:crypto';
import type { RouteRequest } from './routeRequest';

/** What a route does, enough to price it again: the exchange of a same-chain swap, or bridge, asset and swaps. */
export type RoutePath =
  | { kind: 'swap'; exchange: string }
  | {
      kind: 'cross';
      bridge: string;
      asset: string;
      srcExchange?: string;
      dstExchange?: string;
      /** Gas on arrival: the part of the amount sent that becomes gas (LI.FI's `fromAmountForGas`), in base units. */
      gas?: string;
    };

const KEY = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;

function pathCode(path: RoutePath): string {
  return path.kind === 'swap'
    ? `s~${path.exchange}`
    : `x~${path.bridge}~${path.asset}~${path.srcExchange ?? '-'}~${path.dstExchange ?? '-'}${path.gas ? `~g${path.gas}` : ''}`;
}

/**
 * In place of an exact amount: the id of a later step of a multi-step route (LI.FI dialect), which is asked for
 * with whatever the previous step delivered. Not a decimal number, so no exact amount can collide with it.
 */
export const FOLLOWS_PREVIOUS_STEP = 'previous-step';

/** The fields of an action that a route id is bound to. */
export type RouteIdentity = {
  fromChainId: number;
  fromToken: string;
  toChainId: number;
  toToken: string;
  fromAmount: string;
  slippage: number;
};

export function identityOf(request: RouteRequest): RouteIdentity {
  return {
    fromChainId: request.fromChain.id,
    fromToken: request.fromToken.address,
    toChainId: request.toChain.id,
    toToken: request.toToken.address,
    fromAmount: request.fromAmount.toString(),
    slippage: request.slippage,
  };
}

/** One-shot `crypto.hash` (Node >= 20.12) is three times cheaper than a Hash object for short inputs. */
const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
const sha256Hex = oneShot
  ? (data: string) => oneShot('sha256', data, 'hex')
  : (data: string) => crypto.createHash('sha256').update(data).digest('hex');

/** The part of a tag's input after the path code: the same for every route of one request. */
function identitySuffix(identity: RouteIdentity): string {
  return (
    `|${identity.fromChainId}|${identity.fromToken.toLowerCase()}|${identity.toChainId}|` +
    `${identity.toToken.toLowerCase()}|${identity.fromAmount}|${identity.slippage}`
  );
}

function tag(secret: string, code: string, suffix: string): string {
  return sha256Hex(`${secret}|${code}${suffix}`).slice(0, 16);
}

/**
 * Route id = the path in clear plus a 64-bit tag over the path and the action it was priced for. The server keeps no
 * state: stepTransaction reads the path back from the id, checks the tag against the submitted action and prices
 * the same path again, so a step stays valid across restarts (same secret) and cannot be re-pointed at another
 * action. The tag is tamper evidence, not a secret: anyone may read the path.
 */
export function encodeRouteId(secret: string, path: RoutePath, identity: RouteIdentity): string {
  return routeIdEncoder(secret, identity)(path);
}

/** Ids of many paths priced for one action (a routes answer): the action's part of the tag input is built once. */
export function routeIdEncoder(secret: string, identity: RouteIdentity): (path: RoutePath) => string {
  const suffix = identitySuffix(identity);
  return (path) => {
    const code = pathCode(path);
    return `${code}.${tag(secret, code, suffix)}`;
  };
}

/** The path inside an id, or undefined when the id is not one of ours or does not match the action. */
export function decodeRouteId(secret: string, id: string, identity: RouteIdentity): RoutePath | undefined {
  const dot = id.lastIndexOf('.');
  if (dot < 0 || id.length > 300) return undefined;
  const code = id.slice(0, dot);
  if (tag(secret, code, identitySuffix(identity)) !== id.slice(dot + 1)) return undefined;
  const parts = code.split('~');
  if (parts[0] === 's' && parts.length === 2 && KEY.test(parts[1]!)) return { kind: 'swap', exchange: parts[1]! };
  if (parts[0] !== 'x' || (parts.length !== 5 && parts.length !== 6)) return undefined;
  const [, bridge, asset, src, dst, gas] = parts as [string, string, string, string, string, string | undefined];
  if (![bridge, asset].every((p) => KEY.test(p))) return undefined;
  if (gas !== undefined && !/^g[1-9][0-9]{0,77}$/.test(gas)) return undefined;
  return {
    kind: 'cross',
    bridge,
    asset,
    ...(src !== '-' ? { srcExchange: src } : {}),
    ...(dst !== '-' ? { dstExchange: dst } : {}),
    ...(gas !== undefined ? { gas: gas.slice(1) } : {}),
  };
}

/**
 * The path of a step's id: issued for exactly this action, or a later step of a multi-step route (always a swap on
 * the chain the step before delivered to), which is asked for with whatever that step delivered: any amount.
 */
export function decodeStepId(
  secret: string,
  id: string,
  identity: RouteIdentity,
): { path: RoutePath; followsPrevious: boolean } | undefined {
  const exact = decodeRouteId(secret, id, identity);
  if (exact) return { path: exact, followsPrevious: false };
  const following = decodeRouteId(secret, id, { ...identity, fromAmount: FOLLOWS_PREVIOUS_STEP });
  return following?.kind === 'swap' ? { path: following, followsPrevious: true } : undefined;
}

/** LI.FI's `overallPath` notation for unavailableRoutes: `1:USDC-across-10:USDC`. */
export function overallPath(request: RouteRequest, tool: string): string {
  return `${request.fromChain.id}:${request.fromToken.symbol}-${tool}-${request.toChain.id}:${request.toToken.symbol}`;
}
