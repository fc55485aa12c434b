import { describe, expect, it } from 'vitest';
import { spenderText, type WalletRequestsInput, walletRequests } from './review';

const SPENDER = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const usdc: WalletRequestsInput = {
  walletChainId: 1,
  fromChainId: 1,
  fromChainName: 'Ethereum',
  token: { symbol: 'USDC', decimals: 6, native: false },
  amount: 250_000_000n,
  spender: SPENDER,
  allowance: 0n,
  needsReset: false,
  unlimited: false,
};

describe('walletRequests', () => {
  it('announces an exact approval, then the transfer, when the allowance is short', () => {
    expect(walletRequests(usdc)).toEqual([
      "Approve exactly 250 USDC for LI.FI's contract (0x1231…4EaE)",
      'Confirm sending 250 USDC',
    ]);
  });

  it('asks for no approval when the allowance covers the amount, nor for a native coin', () => {
    expect(walletRequests({ ...usdc, allowance: 250_000_000n })).toEqual(['Confirm sending 250 USDC']);
    expect(
      walletRequests({ ...usdc, token: { symbol: 'ETH', decimals: 18, native: true }, amount: 10n ** 17n }),
    ).toEqual(['Confirm sending 0.1 ETH']);
  });

  it('switches the network first, resets a USDT-like allowance, and says when unlimited was ticked', () => {
    expect(walletRequests({ ...usdc, walletChainId: 42161, allowance: 5n, needsReset: true, unlimited: true })).toEqual(
      [
        'Switch the wallet to Ethereum',
        'Reset the USDC allowance to 0',
        "Approve an unlimited amount of USDC for LI.FI's contract (0x1231…4EaE)",
        'Confirm sending 250 USDC',
      ],
    );
  });

  it('announces the approval as conditional when the allowance could not be read', () => {
    expect(walletRequests({ ...usdc, allowance: undefined, walletChainId: undefined })[1]).toBe(
      "Approve exactly 250 USDC for LI.FI's contract (0x1231…4EaE), if the current allowance is lower",
    );
  });

  it('says, for a route of two steps, what must arrive where before the second signature', () => {
    const requests = walletRequests({
      ...usdc,
      allowance: 250_000_000n,
      laterSteps: [{ chainName: 'Arbitrum', token: { symbol: 'USDC', decimals: 6 }, minimum: 248_750_000n }],
    });
    expect(requests).toEqual([
      'Confirm sending 250 USDC',
      'Later, once at least 248.75 USDC have arrived on Arbitrum in your own account (you are notified): switch to Arbitrum, approve if needed, and sign step 2 of 2 there.',
    ]);
  });
});

describe('spenderText', () => {
  it('names LI.FI’s diamond where its published list puts it, and leaves any other spender an address', () => {
    expect(spenderText(1, SPENDER)).toBe("LI.FI's contract (0x1231…4EaE)");
    expect(spenderText(1, '0x000000000000000000000000000000000000dEaD')).toBe('0x0000…dEaD');
  });
});
