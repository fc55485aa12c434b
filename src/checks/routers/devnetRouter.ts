import { decodeFunctionData } from 'viem';
import { i18n } from '#i18n';
import { LIFI_CHAIN_ID_SOLANA } from '../../contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../contracts/router';
import { wordToSolanaAddress } from '../../lib/solanaAddress';
import type { DecodeResult, RouterFamily } from './types';

/** Chains the devnet installs its router on (the real IDs of the four chains `npm start` runs). */
export const DEVNET_ROUTER_CHAIN_IDS: readonly number[] = [1, 42161, 8453, 10];

/**
 * The project's BridgeRouter (contracts/BridgeRouter.sol): `swap` on one chain, `startBridge` across chains.
 * `startBridge` carries four more value-moving fields than the generic shape, kept in `extra` for the guard:
 * `bridgeToken`/`minBridgeAmount` (what the source swap must yield before bridging), `dstBridgeToken` (what the
 * relayer pays out of destination liquidity) and `dstAmount` (what the relayer aims to deliver).
 */
export const devnetRouter: RouterFamily = {
  name: 'devnet router',
  // A store build talks to real chains, where this address is no router of ours: it pins nothing there.
  addressesOn: (chainId) =>
    import.meta.env.BRIDGE_STORE_BUILD !== true && DEVNET_ROUTER_CHAIN_IDS.includes(chainId) ? [ROUTER_ADDRESS] : [],
  decode(data, sourceChainId): DecodeResult {
    let decoded: ReturnType<typeof decodeFunctionData<typeof routerAbi>>;
    try {
      decoded = decodeFunctionData({ abi: routerAbi, data });
    } catch {
      return { ok: false, reason: i18n.t('guard.devnetUnreadable') };
    }
    if (decoded.functionName === 'swap') {
      const [tokenIn, tokenOut, amountIn, minAmountOut, recipient] = decoded.args;
      return {
        ok: true,
        call: {
          kind: 'swap',
          functionName: 'swap',
          sendingToken: tokenIn,
          amountIn,
          destinationChainId: sourceChainId,
          receiver: recipient,
          receivingToken: tokenOut,
          minAmountOut,
        },
      };
    }
    if (decoded.functionName === 'startBridge') {
      const [p] = decoded.args;
      if (p.dstChainId > BigInt(Number.MAX_SAFE_INTEGER)) {
        return { ok: false, reason: i18n.t('guard.devnetNotChainId', [String(p.dstChainId)]) };
      }
      return {
        ok: true,
        call: {
          kind: 'bridge',
          functionName: 'startBridge',
          sendingToken: p.tokenIn,
          amountIn: p.amountIn,
          destinationChainId: Number(p.dstChainId),
          receiver: p.recipient,
          receivingToken: p.dstToken,
          minAmountOut: p.minDstAmount,
          extra: {
            bridgeToken: p.bridgeToken,
            minBridgeAmount: p.minBridgeAmount,
            dstBridgeToken: p.dstBridgeToken,
            dstAmount: p.dstAmount,
          },
        },
      };
    }
    if (decoded.functionName === 'startBridgeToNonEvm') {
      // To Solana: the receiver and mint are 32-byte keys beside the deposit, whose own fields hold placeholders.
      const [p, receiver, receivingToken] = decoded.args;
      if (Number(p.dstChainId) !== LIFI_CHAIN_ID_SOLANA) {
        return { ok: false, reason: i18n.t('guard.devnetNotChainId', [String(p.dstChainId)]) };
      }
      const mint = wordToSolanaAddress(receivingToken);
      return {
        ok: true,
        call: {
          kind: 'bridge',
          functionName: 'startBridgeToNonEvm',
          sendingToken: p.tokenIn,
          amountIn: p.amountIn,
          destinationChainId: LIFI_CHAIN_ID_SOLANA,
          receiver: wordToSolanaAddress(receiver),
          receivingToken: mint,
          minAmountOut: p.minDstAmount,
          extra: {
            bridgeToken: p.bridgeToken,
            minBridgeAmount: p.minBridgeAmount,
            // Nothing swaps on Solana: the relayer pays the mint itself.
            dstBridgeToken: mint,
            dstAmount: p.dstAmount,
          },
        },
      };
    }
    return {
      ok: false,
      reason: i18n.t('guard.devnetNoFunds', [decoded.functionName]),
    };
  },
};
