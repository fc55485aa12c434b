import { describe, expect, it } from 'vitest';
import { DLN_SOURCE_ADDRESS } from '../../contracts/dlnSource';
import { LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import type { DecodedRouterCall } from '../routers/types';
import { lifiFacetCall } from './lifiFacetCall';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const bridge = (functionName: string, over: Partial<DecodedRouterCall> = {}): DecodedRouterCall => ({
  kind: 'bridge',
  functionName,
  sendingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amountIn: 25_000_000n,
  destinationChainId: 42161,
  receiver: ACCOUNT,
  hasSourceSwaps: false,
  ...over,
});

describe('lifiFacetCall', () => {
  it('names the pinned diamond, the receiver and the fee of a facet bridge call', () => {
    expect(
      lifiFacetCall(
        1,
        LIFI_DIAMOND_ADDRESS,
        bridge('startBridgeTokensViaStargate', { nativeFee: 7n, hasSourceSwaps: true }),
      ),
    ).toEqual({ diamond: LIFI_DIAMOND_ADDRESS, receiver: ACCOUNT, nativeFee: 7n, hasSourceSwaps: true });
  });

  it("takes a fee the bridge's own contract states only where the calldata leaves the fee open (deBridge's)", () => {
    const dln = bridge('startBridgeTokensViaDeBridgeDln', { promised: ['nativeFee'] });
    const fee = { amount: 10n ** 15n, payee: DLN_SOURCE_ADDRESS };
    expect(lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, dln, fee)).toMatchObject({
      nativeFee: 10n ** 15n,
      feePayee: DLN_SOURCE_ADDRESS,
    });
    expect(lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, dln)?.nativeFee).toBeUndefined();
    // A fee the calldata names is the one held; a proven fee never replaces it, nor adds one where none is open.
    const stargate = bridge('startBridgeTokensViaStargate', { nativeFee: 7n });
    expect(lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, stargate, fee)).toEqual(
      lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, stargate),
    );
    const plain = bridge('startBridgeTokensViaStargate');
    expect(lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, plain, fee)?.nativeFee).toBeUndefined();
  });

  it('leaves Across, same-chain swaps and any address but the pinned diamond to the checks as they were', () => {
    expect(lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, bridge('startBridgeTokensViaAcrossV4'))).toBeUndefined();
    expect(
      lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, bridge('startBridgeTokensViaStargate', { kind: 'swap' })),
    ).toBeUndefined();
    expect(lifiFacetCall(1, ACCOUNT, bridge('startBridgeTokensViaStargate'))).toBeUndefined();
    expect(lifiFacetCall(1, LIFI_DIAMOND_ADDRESS, undefined)).toBeUndefined();
  });
});
