import type { Chain, Token } from '../schemas/catalog';
import { isNativeToken } from '../schemas/primitives';
import { decodeUint256, encodeBalanceOf } from '../wallet/erc20';

/** Balance over the chain's own RPC (from the catalog's wallet configuration), for when the wallet is elsewhere. */
export async function readBalanceViaRpc(chain: Chain, token: Token, account: `0x${string}`): Promise<bigint> {
  const url = chain.wallet.rpcUrls?.find((u) => /^https?:\/\//.test(u));
  if (!url) throw new Error(`No RPC for ${chain.name}`);
  const body = isNativeToken(token.address)
    ? { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [account, 'latest'] }
    : {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: token.address, data: encodeBalanceOf(account) }, 'latest'],
      };
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(8000),
  });
  const json = (await response.json()) as { result?: unknown };
  return decodeUint256(json.result);
}
