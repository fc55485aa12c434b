import { decodeFunctionData, type Hex } from 'viem';
import { mayanProtocolAbi } from '../../../contracts/lifi/mayanProtocol';

/** What a Mayan order in `protocolData` names: the destination by Wormhole id, the token and the least delivered. */
export type MayanOrder = {
  /** Swift orders' minimum is in Mayan's normalised units; MayanCircle's in the token's own. */
  protocol: 'swift' | 'circle';
  wormholeChainId: number;
  destAddr: Hex;
  tokenOut: Hex;
  minAmountOut: bigint;
};

type OrderFields = {
  destAddr: Hex;
  tokenOut: Hex;
  minAmountOut: bigint;
  destChainId?: number;
  destChain?: number;
};

const orderOf = (protocol: MayanOrder['protocol'], params: OrderFields): MayanOrder => ({
  protocol,
  wormholeChainId: Number(params.destChainId ?? params.destChain),
  destAddr: params.destAddr,
  tokenOut: params.tokenOut,
  minAmountOut: params.minAmountOut,
});

/**
 * The order of a Mayan call MayanFacet forwards (src/contracts/lifi/mayanProtocol.ts), or undefined for a selector
 * whose order the extension does not read (MCTP's bridge calls, Fast MCTP, HyperCore deposits): those figures stay
 * Mayan's promise.
 */
export function readMayanOrder(protocolData: Hex): MayanOrder | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof mayanProtocolAbi>>;
  try {
    call = decodeFunctionData({ abi: mayanProtocolAbi, data: protocolData });
  } catch {
    return undefined;
  }
  switch (call.functionName) {
    case 'createOrderWithToken':
    case 'createOrderWithSig':
      return orderOf('swift', call.args[2]);
    case 'createOrderWithEth':
      return orderOf('swift', call.args[0]);
    case 'createOrder':
      return orderOf('circle', call.args[0]);
  }
}
