import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARBITRUM_PARENT_GATEWAY_ROUTERS, ARBITRUM_SDK_SOURCE } from '../src/contracts/arbitrumGateways';
import { type GatewayRow, gatewayRows, readArbitrumNetworks, renderGatewaysModule } from './arbitrumGateways';

const ONE_ROUTER = '0x72Ce9c846789fdB6fC1f34aC4AD25Dd9ef7031ef';

describe('gatewayRows', () => {
  it('keeps mainnets with a token bridge, checksummed, by chain ID; testnets and custom networks are left out', () => {
    expect(
      gatewayRows([
        { chainId: 421614, parentChainId: 11155111, isTestnet: true, tokenBridge: { parentGatewayRouter: ONE_ROUTER } },
        {
          chainId: 42161,
          parentChainId: 1,
          isTestnet: false,
          tokenBridge: { parentGatewayRouter: ONE_ROUTER.toLowerCase() },
        },
        {
          chainId: 99999,
          parentChainId: 42161,
          isTestnet: false,
          isCustom: true,
          tokenBridge: { parentGatewayRouter: ONE_ROUTER },
        },
        { chainId: 88888, parentChainId: 1, isTestnet: false },
      ]),
    ).toEqual([[42161, 1, ONE_ROUTER]]);
  });
});

describe('the committed table (src/contracts/arbitrumGateways.ts)', () => {
  const committed = readFileSync(resolve(import.meta.dirname, '../src/contracts/arbitrumGateways.ts'), 'utf8');
  const rows: GatewayRow[] = Object.entries(ARBITRUM_PARENT_GATEWAY_ROUTERS).map(
    ([chainId, { parentChainId, router }]) => [Number(chainId), parentChainId, router] as const,
  );

  it('is the script’s output for its own rows: nothing edited by hand', () => {
    expect(renderGatewaysModule(rows, ARBITRUM_SDK_SOURCE)).toBe(committed);
  });

  it('is what the script reads from the pinned @arbitrum/sdk', () => {
    const { source, networks } = readArbitrumNetworks();
    expect(source).toBe(ARBITRUM_SDK_SOURCE);
    expect(rows).toEqual(gatewayRows(networks));
    expect(ARBITRUM_PARENT_GATEWAY_ROUTERS[42161]).toEqual({ parentChainId: 1, router: ONE_ROUTER });
  });
});
