import { i18n } from '#i18n';
import { inWords, RpcReadError } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadTokenMetadataParameters = { token: `0x${string}` };
export type ReadTokenMetadataReturnType = { rpcChainId: number; name: string; symbol: string; decimals: number };

const HEX = /^0x[0-9a-fA-F]*$/;
/** name(), symbol(), decimals(). */
const SELECTORS = ['0x06fdde03', '0x95d89b41', '0x313ce567'] as const;

/** An ERC-20's name, symbol and decimals as the contract itself answers them, with the chain's ID, in one batch. */
export async function readTokenMetadata(
  client: TrustedClient,
  { token }: ReadTokenMetadataParameters,
): Promise<ReadTokenMetadataReturnType> {
  const [rpcChainId, name, symbol, decimals] = await Promise.all([
    readChainId(client),
    ...SELECTORS.map((data) =>
      client
        .request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] })
        .catch(inWords(client, 'eth_call')),
    ),
  ]);
  if (typeof decimals !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(decimals)) throw unreadable('decimals');
  const places = BigInt(decimals);
  if (places > 36n) throw unreadable('decimals');
  return {
    rpcChainId,
    name: readAbiText(name, 'name'),
    symbol: readAbiText(symbol, 'symbol'),
    decimals: Number(places),
  };
}

/**
 * A string an ERC-20 returns: ABI-encoded (offset, length, bytes) as the standard says, or a right-padded bytes32 as
 * early tokens (MKR, SAI) do. Control characters are dropped and the text bounded: a token's name is untrusted text.
 */
function readAbiText(result: unknown, what: string): string {
  if (typeof result !== 'string' || !HEX.test(result) || result.length % 2 !== 0) throw unreadable(what);
  const bytes = Uint8Array.from(result.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16));
  let text: Uint8Array;
  if (bytes.length === 32) text = bytes.slice(0, bytes.indexOf(0) === -1 ? 32 : bytes.indexOf(0));
  else if (bytes.length >= 64) {
    const offset = Number(BigInt(`0x${result.slice(2, 66)}`));
    const length =
      offset + 32 <= bytes.length ? Number(BigInt(`0x${result.slice(2 + offset * 2, 2 + offset * 2 + 64)}`)) : -1;
    if (length < 0 || offset + 32 + length > bytes.length) throw unreadable(what);
    text = bytes.slice(offset + 32, offset + 32 + length);
  } else throw unreadable(what);
  const decoded = new TextDecoder('utf-8', { fatal: false })
    .decode(text)
    .replace(/\p{Cc}/gu, '')
    .trim();
  if (!decoded) throw unreadable(what);
  return decoded.slice(0, 64);
}

const unreadable = (what: string) => new RpcReadError(i18n.t('rpc.unreadable', [what]));
