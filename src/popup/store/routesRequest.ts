import type { RoutesRequest } from '../../schemas/requests';
import { selectFormCheck } from './selectors';
import type { PopupState } from './types';

/** The form's request, with the gas on arrival chosen for exactly that request. */
export function buildRequest(s: PopupState): RoutesRequest | undefined {
  const request = formRequest(s);
  const gas = s.gasOnArrival;
  return request && gas && gas.base === JSON.stringify(request)
    ? { ...request, fromAmountForGas: gas.fromAmountForGas.toString() }
    : request;
}

/** The routes request the form asks for, undefined while the form cannot ask (an amount or token missing…). */
export function formRequest(s: PopupState): RoutesRequest | undefined {
  const check = selectFormCheck(s);
  if (!check.canQuote || !s.fromToken || !s.toToken || check.amount === undefined) return undefined;
  const bridges = s.settings?.bridges;
  const nonEmpty = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);
  const bridgeOptions = bridges && {
    allow: nonEmpty(bridges.allow),
    deny: nonEmpty(bridges.deny),
    prefer: nonEmpty(bridges.prefer),
  };
  return {
    fromChainId: String(s.fromChainId),
    fromTokenAddress: s.fromToken.address,
    toChainId: String(s.toChainId),
    toTokenAddress: s.toToken.address,
    fromAmount: check.amount.toString(),
    ...(s.account ? { fromAddress: s.account } : {}),
    ...(check.recipient ? { toAddress: check.recipient } : {}),
    options: {
      slippage: s.slippage,
      order: s.order,
      ...(bridgeOptions && (bridgeOptions.allow || bridgeOptions.deny || bridgeOptions.prefer)
        ? { bridges: bridgeOptions }
        : {}),
    },
  };
}
