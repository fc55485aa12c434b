import { formatAmount } from '../format/amount';
import { shortAddress } from '../lib/addresses';

export type WalletRequestsInput = {
  /** The chain the wallet is on now, when known. */
  walletChainId?: number;
  fromChainId: number;
  fromChainName: string;
  token: { symbol: string; decimals: number; native: boolean };
  amount: bigint;
  spender: `0x${string}`;
  /** Read through the trusted RPC; undefined when it could not be read (yet). */
  allowance?: bigint;
  /** The token refuses to change a non-zero allowance (USDT on Ethereum): reset to 0 first. */
  needsReset: boolean;
  unlimited: boolean;
};

/**
 * What the wallet will ask the person, in order, so the review can say it before anything is asked: the network
 * switch, the approval (exact unless "unlimited" is ticked) unless the allowance already covers the amount, and the
 * transfer itself. With the allowance unread, the approval is announced as conditional rather than left out.
 */
export function walletRequests(input: WalletRequestsInput): string[] {
  const { token, amount, allowance } = input;
  const sent = `${formatAmount(amount, token.decimals)} ${token.symbol}`;
  const requests: string[] = [];
  if (input.walletChainId !== input.fromChainId) requests.push(`Switch the wallet to ${input.fromChainName}`);
  if (!token.native && (allowance === undefined || allowance < amount)) {
    const what = input.unlimited ? `an unlimited amount of ${token.symbol}` : `exactly ${sent}`;
    const approve = `Approve ${what} for ${shortAddress(input.spender)}`;
    if (allowance === undefined) requests.push(`${approve}, if the current allowance is lower`);
    else {
      if (allowance > 0n && input.needsReset) requests.push(`Reset the ${token.symbol} allowance to 0`);
      requests.push(approve);
    }
  }
  requests.push(`Confirm sending ${sent}`);
  return requests;
}
