import { decodeFunctionData, type Hex, toFunctionSelector } from 'viem';
import { i18n } from '#i18n';
import { lifiPermit2On } from '../../contracts/lifiDiamond';
import { permit2ProxyAbi } from '../../contracts/lifiPermit2Proxy';
import { sameAddress } from '../../lib/addresses';
import { lifiDiamond } from './lifiDiamond';
import type { DecodeResult, RouterFamily } from './types';

/**
 * LI.FI's Permit2Proxy, pinned per chain: a step sent to it is read as the diamond call it carries, decoded by the
 * diamond's own decoders (src/checks/routers/lifiDiamond.ts), so the guard compares it with the choice as it would a
 * call to the diamond. What the proxy adds is checked here: it pulls one token and amount from the caller and the
 * diamond must spend exactly that (more would be refused by the diamond, less would stay in the proxy). The witness
 * variant pulls from a signer it names rather than the caller and is refused by name.
 */
const refuse = (reason: string): DecodeResult => ({ ok: false, reason });

const SELECTORS: Readonly<Record<string, string>> = Object.fromEntries(
  permit2ProxyAbi.filter((item) => item.type === 'function').map((fn) => [toFunctionSelector(fn), fn.name]),
);

/** The diamond call, held to the token and amount the proxy pulls for it. */
function throughProxy(
  functionName: string,
  pulled: { token: `0x${string}`; amount: bigint },
  diamondCalldata: Hex,
  chainId: number,
): DecodeResult {
  const inner = lifiDiamond.decode(diamondCalldata, chainId);
  if (!inner.ok) return inner;
  const { call } = inner;
  if (!sameAddress(call.sendingToken, pulled.token) || call.amountIn !== pulled.amount) {
    return refuse(
      i18n.t('lifiPermit2.pullsOther', [String(pulled.amount), pulled.token, String(call.amountIn), call.sendingToken]),
    );
  }
  return {
    ok: true,
    call: {
      ...call,
      functionName: `${functionName}(${call.functionName})`,
      extra: { ...call.extra, permit2Proxy: true },
    },
  };
}

export const lifiPermit2Proxy: RouterFamily = {
  name: 'LI.FI Permit2Proxy',
  addressesOn: (chainId) => {
    const pinned = lifiPermit2On(chainId);
    return pinned ? [pinned.permit2Proxy] : [];
  },
  decode(data, sourceChainId): DecodeResult {
    const known = SELECTORS[data.slice(0, 10).toLowerCase()];
    if (!known) return refuse(i18n.t('guard.unknownFeature', [data.slice(0, 10)]));
    let decoded: ReturnType<typeof decodeFunctionData<typeof permit2ProxyAbi>>;
    try {
      decoded = decodeFunctionData({ abi: permit2ProxyAbi, data });
    } catch {
      return refuse(i18n.t('guard.malformed', [known]));
    }
    switch (decoded.functionName) {
      case 'callDiamondWithEIP2612Signature': {
        const [token, amount, , , , , diamondCalldata] = decoded.args;
        return throughProxy(decoded.functionName, { token, amount }, diamondCalldata, sourceChainId);
      }
      case 'callDiamondWithPermit2': {
        const [diamondCalldata, permit] = decoded.args;
        return throughProxy(decoded.functionName, permit.permitted, diamondCalldata, sourceChainId);
      }
      default:
        return refuse(i18n.t('lifiPermit2.witness', [decoded.args[1]]));
    }
  },
};
