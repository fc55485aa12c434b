import { i18n } from '#i18n';
import { isAcceptableRpcUrl } from './trustedRpc';

/**
 * An RPC URL the person types for a chain the extension pins none for (src/popup/ui/RpcPrompt.tsx). It becomes the
 * trusted RPC of that chain (the settings' `rpcUrls`), so it is held to the pinned ones' rules before it is kept:
 * https (plain http only on loopback, for a local node), no credentials, and it must say it serves that chain.
 */

/** Why `input` cannot be an RPC URL, in words, or undefined when its shape is acceptable. */
export function personRpcUrlProblem(input: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return i18n.t('rpcPrompt.notUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return i18n.t('rpcPrompt.notUrl');
  return isAcceptableRpcUrl(url.href) ? undefined : i18n.t('rpcPrompt.notHttps');
}

/**
 * Whether the chain the RPC says it serves (`eth_chainId`, read by the caller) is `chainId`, in words when not.
 * `chainName` names the chain the person is sending on; `rpcChainName` the one the RPC serves, where known.
 */
export function personRpcChainProblem(
  url: string,
  rpcChainId: number,
  chainId: number,
  chainName: string,
  rpcChainName?: string,
): string | undefined {
  if (rpcChainId === chainId) return undefined;
  return rpcChainName
    ? i18n.t('rpcPrompt.wrongNamedChain', [url, rpcChainName, String(rpcChainId), chainName])
    : i18n.t('rpcPrompt.wrongChain', [url, String(rpcChainId), chainName, String(chainId)]);
}
