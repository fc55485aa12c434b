import { devAccount } from '../server/devnet/accounts';
import { routingActions } from '../src/api/adapters';
import { createRoutingClient } from '../src/api/client';
import { createRpcReader } from '../src/chains/rpcReader';
import { createSimulator } from '../src/checks/simulation/simulateBeforeSigning';
import { previewTransfer } from '../src/signing/previewTransfer';

/** bench/reviewSimulation.ts's baseline, loaded through Vite there. */
/** The same preview in node: fresh routes once, then each call fetches the step, reads the allowance and simulates. */
export function nodePreview(serviceUrl: string, rpcUrl: (chainId: number) => string | undefined) {
  const account = devAccount(0).address;
  const client = createRoutingClient({ baseUrl: serviceUrl, dialect: 'spec', retry: { attempts: 1 } });
  const actions = routingActions('spec');
  const rpc = createRpcReader();
  const simulator = createSimulator({ rpcUrl });
  const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
  const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;
  const routes = actions.getRoutes(client, {
    fromChainId: 1,
    fromTokenAddress: USDC_ETH,
    toChainId: 42161,
    toTokenAddress: USDC_ARB,
    fromAmount: '100000000',
    fromAddress: account,
    toAddress: account,
    options: { slippage: 0.005, order: 'OUTPUT' },
  });
  return async (): Promise<number> => {
    const route = (await routes).routes[0]!;
    const start = performance.now();
    await previewTransfer(
      {
        choice: {
          fromChainId: 1,
          toChainId: 42161,
          fromToken: USDC_ETH,
          toToken: USDC_ARB,
          fromAmount: 100_000_000n,
          slippage: 0.005,
        },
        route,
        account,
        recipient: account,
      },
      {
        getStepTransaction: (data) => actions.getStepTransaction(client, data),
        simulator,
        readAllowance: async (chainId, token, owner, spender) =>
          (await rpc.readAllowance(rpcUrl(chainId)!, token, owner, spender)).allowance,
      },
    );
    return performance.now() - start;
  };
}
