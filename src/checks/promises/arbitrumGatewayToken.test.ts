import { type Address, encodeFunctionData, pad } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilNode, startAnvil } from '../../../server/devnet/anvil';
import { arbitrumGatewayRouterDevDeployedBytecode } from '../../../server/devnet/artifacts/ArbitrumGatewayRouterDev';
import { rpc } from '../../../server/devnet/rpc';
import { trustedClient } from '../../chains/trustedClient';
import { ARBITRUM_PARENT_GATEWAY_ROUTERS } from '../../contracts/arbitrumGateways';
import { arbitrumBridgeFacetAbi } from '../../contracts/lifi/arbitrumBridge';
import { proveArbitrumGatewayToken } from './arbitrumGatewayToken';

/** The token Arbitrum's gateway delivers, read on a real chain (anvil running the devnet's gateway router at its address). */

const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** Arbitrum's bridged USDC, what the gateway makes of Ethereum's USDC (not the native USDC Circle issues there). */
const USDC_E: Address = '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8';
const USDC_ARBITRUM_NATIVE: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ETH: Address = '0x0000000000000000000000000000000000000000';
const PERSON: Address = '0x000000000000000000000000000000000000bEEF';
const DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';

let node: AnvilNode;
let bare: AnvilNode;
beforeAll(async () => {
  [node, bare] = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 1 })]);
  const router = ARBITRUM_PARENT_GATEWAY_ROUTERS[42161]!.router;
  await rpc(node.rpcUrl, 'anvil_setCode', [router, arbitrumGatewayRouterDevDeployedBytecode]);
});
afterAll(async () => {
  await node?.stop();
  await bare?.stop();
});

/** 20 of `sending` (USDC, or ETH) to Arbitrum One through LI.FI's ArbitrumBridgeFacet. */
function arbitrumDeposit(sending: Address) {
  const data = encodeFunctionData({
    abi: arbitrumBridgeFacetAbi,
    functionName: 'startBridgeTokensViaArbitrumBridge',
    args: [
      {
        transactionId: pad('0x01', { size: 32 }),
        bridge: 'arbitrum',
        integrator: 'test',
        referrer: ETH,
        sendingAssetId: sending,
        receiver: PERSON,
        minAmount: 20_000_000n,
        destinationChainId: 42161n,
        hasSourceSwaps: false,
        hasDestinationCall: false,
      },
      { maxSubmissionCost: 1n, maxGas: 1n, maxGasPrice: 1n },
    ],
  });
  return { to: DIAMOND, data, value: '2', chainId: 1, from: PERSON };
}

const choice = (toToken: Address, toChainId = 42161) => ({ fromChainId: 1, toChainId, toToken });

describe('proveArbitrumGatewayToken', () => {
  it('proves the token chosen when the gateway names it', async () => {
    const proof = await proveArbitrumGatewayToken({
      tx: arbitrumDeposit(USDC),
      choice: choice(USDC_E),
      client: trustedClient(node.rpcUrl),
    });
    expect(proof).toEqual({ ok: true, proven: ['receivingToken'], unproven: [] });
  });

  it('refuses in words a choice of another token than the gateway delivers', async () => {
    const proof = await proveArbitrumGatewayToken({
      tx: arbitrumDeposit(USDC),
      choice: choice(USDC_ARBITRUM_NATIVE),
      client: trustedClient(node.rpcUrl),
    });
    expect(proof).toMatchObject({ ok: false, reason: expect.stringContaining(USDC_E) });
  });

  it('leaves the token a promise when the gateway cannot be read (no code there)', async () => {
    const proof = await proveArbitrumGatewayToken({
      tx: arbitrumDeposit(USDC),
      choice: choice(USDC_E),
      client: trustedClient(bare.rpcUrl),
    });
    expect(proof).toEqual({ ok: true, proven: [], unproven: ['receivingToken'] });
  });

  it('reads nothing for ETH, another destination, or another call', async () => {
    const client = trustedClient(node.rpcUrl);
    expect(await proveArbitrumGatewayToken({ tx: arbitrumDeposit(ETH), choice: choice(ETH), client })).toBeUndefined();
    expect(
      await proveArbitrumGatewayToken({ tx: arbitrumDeposit(USDC), choice: choice(USDC_E, 10), client }),
    ).toBeUndefined();
    const other = { ...arbitrumDeposit(USDC), data: '0x12345678' };
    expect(await proveArbitrumGatewayToken({ tx: other, choice: choice(USDC_E), client })).toBeUndefined();
  });
});
