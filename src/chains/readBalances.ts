import { encodeBalanceOf } from '../contracts/erc20';
import { isNativeToken } from '../schemas/primitives';
import { inWords, nodeRefusal } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadBalancesParameters = {
  owner: `0x${string}`;
  /** ERC-20 contracts, and the zero address for the native coin. */
  tokens: `0x${string}`[];
};
export type ReadBalancesReturnType = { rpcChainId: number; balances: Map<string, bigint> };

/**
 * Balances of `owner` for each token in one batch, keyed by the lower-case token address. A token the node refuses
 * to call, or whose balanceOf does not answer one word (no contract there, a non-ERC-20), is left out rather than
 * read as zero; a failure of the RPC itself is thrown in words.
 */
export async function readBalances(
  client: TrustedClient,
  { owner, tokens }: ReadBalancesParameters,
): Promise<ReadBalancesReturnType> {
  const [rpcChainId, ...results] = await Promise.all([
    readChainId(client),
    ...tokens.map((token) => readOne(client, owner, token)),
  ]);
  const balances = new Map<string, bigint>();
  tokens.forEach((token, i) => {
    const result = results[i];
    if (typeof result !== 'string') return;
    if (isNativeToken(token) ? /^0x[0-9a-fA-F]{1,64}$/.test(result) : /^0x[0-9a-fA-F]{64}$/.test(result)) {
      balances.set(token.toLowerCase(), BigInt(result));
    }
  });
  return { rpcChainId, balances };
}

function readOne(client: TrustedClient, owner: `0x${string}`, token: `0x${string}`): Promise<unknown> {
  const method = isNativeToken(token) ? 'eth_getBalance' : 'eth_call';
  const answer = isNativeToken(token)
    ? client.request({ method: 'eth_getBalance', params: [owner, 'latest'] })
    : client.request({ method: 'eth_call', params: [{ to: token, data: encodeBalanceOf(owner) }, 'latest'] });
  return answer.catch((err: unknown) => {
    // The node refused this one call (a token that reverts): left out. Anything else failed the whole read.
    const refusal = nodeRefusal(err);
    if (refusal && refusal.httpStatus === undefined) return undefined;
    return inWords(client, method)(err);
  });
}
