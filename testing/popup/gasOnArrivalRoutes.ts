import type { TransferChoice } from '../../src/model/choice';
import type { Route } from '../../src/schemas/route';
import { CHAINS, twoStepRoute, USDC_1, USDC_10 } from './fixtures';

/** 60 USDC Ethereum → (bridge) USDC OP Mainnet → (swap there) DAI, as LI.FI offers it: its own steps kept. */
export function lifiTwoSteps(): Route {
  const route = twoStepRoute();
  route.action = { ...route.action!, fromAmount: '60000000', fromToken: { ...route.action!.fromToken, priceUSD: '1' } };
  const bridge = route.steps![0]!;
  bridge.serviceStep = { id: bridge.id };
  bridge.includedSteps = [
    {
      id: 'cross',
      type: 'cross',
      tool: 'across',
      action: bridge.action!,
      estimate: { ...bridge.estimate, toAmount: '59400000' },
    },
  ];
  bridge.estimate = { ...bridge.estimate, toAmount: '59400000' };
  return route;
}

/** The same route with 1.5 USDC of it chosen as gas on arrival: Gas.zip's step first, 0.00075 ETH on OP Mainnet. */
export function lifiTwoStepsWithGas(): Route {
  const route = lifiTwoSteps();
  const bridge = route.steps![0]!;
  const gasStep = {
    id: 'gas',
    type: 'protocol',
    tool: 'gasZip',
    action: {
      ...bridge.action!,
      fromAmount: '1500000',
      toToken: {
        address: '0x0000000000000000000000000000000000000000',
        chainId: '10',
        symbol: 'ETH',
        decimals: 18,
        name: 'ETH',
      },
    },
    estimate: { ...bridge.estimate, fromAmount: '1500000', toAmount: '750000000000000' },
  };
  bridge.includedSteps = [gasStep, ...bridge.includedSteps!];
  bridge.estimate = { ...bridge.estimate, toAmount: '57900000' };
  return route;
}

export const CHOICE: TransferChoice = {
  fromChainId: 1,
  toChainId: 10,
  fromToken: USDC_1,
  toToken: USDC_10,
  fromAmount: 60_000_000n,
  slippage: 0.005,
};

export { CHAINS };

/**
 * `route` (one step, USDC Ethereum → USDC OP Mainnet) as LI.FI answers it with `gas` of the amount chosen as gas on
 * arrival: Gas.zip's step first, then the bridge of the rest.
 */
export function withGasStep(route: Route, gas: bigint): Route {
  const action = route.action!;
  const rest = (BigInt(action.fromAmount) - gas).toString();
  const native = {
    address: '0x0000000000000000000000000000000000000000',
    chainId: '10',
    symbol: 'ETH',
    decimals: 18,
    name: 'ETH',
  };
  return {
    ...route,
    includedSteps: [
      {
        id: `${route.id}-gas`,
        type: 'protocol',
        tool: 'gasZip',
        action: { ...action, fromAmount: gas.toString(), toToken: native },
        estimate: { ...route.estimate, fromAmount: gas.toString(), toAmount: '150000000000000' },
      },
      {
        id: `${route.id}-cross`,
        type: 'cross',
        tool: route.tool,
        action: { ...action, fromAmount: rest },
        estimate: { ...route.estimate, fromAmount: rest },
      },
    ],
  };
}
