import {
  type Abi,
  ContractFunctionRevertedError,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type ReadContractParameters,
} from 'viem';
import { getEnsAddress, normalize } from 'viem/ens';
import { i18n } from '#i18n';
import { ENS_CHAIN_ID, ENS_UNIVERSAL_RESOLVER } from '../contracts/ens';
import { BaseError } from '../errors/base';
import { chainReadError, hostOf, nodeRefusal, RpcReadError, rpcUrlOf } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadEnsAddressParameters = {
  /** As the person typed it: normalised here (ENSIP-15), so `Alice.eth` and `alice.eth` are one name. */
  name: string;
  /** The Universal Resolver asked; default ENS's own (src/contracts/ens.ts, the devnet installs its twin there). */
  universalResolver?: `0x${string}`;
};

export type ReadEnsAddressReturnType = {
  /** The name as resolved (normalised). */
  name: string;
  /** Its Ethereum address (coin type 60), checksummed; null when the name has none (unregistered, no resolver, unset). */
  address: `0x${string}` | null;
};

/** The typed text is no valid ENS name (ENSIP-15 normalisation refuses it). */
export class EnsNameInvalidError extends BaseError {
  override name = 'EnsNameInvalidError';
  constructor(name: string, cause: unknown) {
    super(i18n.t('ens.invalidName', [name]), { cause });
  }
}

/**
 * The name's resolver answers only by an off-chain lookup (EIP-3668): the trusted client follows no such lookup
 * (a contract's answer is the chain's word only, src/chains/trustedClient.ts), so the name is not resolved.
 */
export class EnsOffchainError extends BaseError {
  override name = 'EnsOffchainError';
  constructor(name: string, cause: unknown) {
    super(i18n.t('ens.offchain', [name]), { cause });
  }
}

/** EIP-3668's OffchainLookup(address,string[],bytes,bytes4,bytes). */
const OFFCHAIN_LOOKUP = '0x556f1830';

/**
 * The Ethereum address an ENS name points to, read on Ethereum (chain 1) through the trusted client with viem's
 * getEnsAddress (the Universal Resolver's `resolveWithGateways`), in one batch with the chain's ID: an RPC serving
 * another chain is refused, in words. Throws EnsNameInvalidError, EnsOffchainError or RpcReadError.
 */
export async function readEnsAddress(
  client: TrustedClient,
  { name: typed, universalResolver = ENS_UNIVERSAL_RESOLVER }: ReadEnsAddressParameters,
): Promise<ReadEnsAddressReturnType> {
  let name: string;
  try {
    name = normalize(typed.trim());
  } catch (err) {
    throw new EnsNameInvalidError(typed.trim(), err);
  }
  if (!name.includes('.')) throw new EnsNameInvalidError(name, undefined);
  const url = rpcUrlOf(client);
  // Settled together: an RPC of another chain is said as such, whatever its contract answered.
  const [chain, answer] = await Promise.allSettled([
    readChainId(client),
    getEnsAddress(withPlainCalls(client), { name, universalResolverAddress: universalResolver }).catch(
      (err: unknown) => {
        if (revertSignature(err) === OFFCHAIN_LOOKUP) throw new EnsOffchainError(name, err);
        if (isUndecodable(err)) throw new RpcReadError(i18n.t('rpc.unreadable', ['ENS']), { cause: err });
        throw chainReadError(err, url, 'ENS');
      },
    ),
  ]);
  if (chain.status === 'rejected') throw chain.reason;
  if (chain.value !== ENS_CHAIN_ID) {
    throw new RpcReadError(i18n.t('track.wrongChainRpc', [hostOf(url), String(chain.value), String(ENS_CHAIN_ID)]));
  }
  if (answer.status === 'rejected') throw answer.reason;
  const address = answer.value;
  return { name, address };
}

/** The selector of a revert viem could not decode with the Universal Resolver's ABI. */
function revertSignature(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const { signature, raw } = e as { signature?: unknown; raw?: unknown };
    if (typeof signature === 'string') return signature.toLowerCase();
    if (typeof raw === 'string' && raw.length >= 10) return raw.slice(0, 10).toLowerCase();
  }
  return undefined;
}

/** No Universal Resolver there (no code, another contract): an answer that does not decode, never "no address". */
function isUndecodable(err: unknown): boolean {
  if (nodeRefusal(err)) return false;
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.name.startsWith('AbiDecoding') || e.name === 'ContractFunctionZeroDataError') return true;
  }
  return false;
}

/**
 * The client with viem's contract reads made as one plain eth_call each: getEnsAddress reads through the client's
 * own `readContract` when it has one (viem's getAction). viem's `call` loads its off-chain lookup module (viem's
 * utils/ccip.js) dynamically on every revert, and that load's preloading reached for `document`, which a service
 * worker has not (the build now turns preloading off, wxt.config.ts): a name that resolves to nothing (a revert)
 * failed as an unreadable RPC. Plain calls keep names independent of how the bundle loads code.
 * A revert is thrown as viem's ContractFunctionRevertedError, so getEnsAddress tells "no address" from a failure as
 * it does on mainnet; nothing off chain is followed either way (the trusted client's `ccipRead: false`).
 */
function withPlainCalls(client: TrustedClient) {
  // Typed loosely: viem's `readContract` type is generic over every ABI; this one serves getEnsAddress's two calls.
  const actions = {
    async readContract(parameters: ReadContractParameters<Abi, string>) {
      const { abi, address, functionName, args } = parameters;
      const data = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
      let answer: Hex;
      try {
        answer = (await client.request({ method: 'eth_call', params: [{ to: address, data }, 'latest'] })) as Hex;
      } catch (err) {
        const revert = revertData(err);
        if (revert === undefined) throw err;
        throw new ContractFunctionRevertedError({ abi, data: revert, functionName });
      }
      return decodeFunctionResult({ abi, functionName, args, data: answer } as Parameters<
        typeof decodeFunctionResult
      >[0]);
    },
  };
  return client.extend(() => actions as Record<string, unknown>);
}

/** The revert data a node answered an eth_call with (JSON-RPC error 3, "execution reverted"), if it reverted. */
function revertData(err: unknown): Hex | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const { code, data } = e as { code?: unknown; data?: unknown };
    if (code === 3) return typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data) ? (data as Hex) : '0x';
  }
  return undefined;
}
