import { i18n } from '#i18n';
import { lifiDiamondOn } from '../contracts/lifiDiamond';
import { formatAmount } from '../format/amount';
import { sameAddress, shortAddress } from '../lib/addresses';

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
  /**
   * Routes of several steps: each later step, signed on its chain once the one before has delivered at least
   * `minimum` of `token` to the person's own account (the floor the guards hold that step to).
   */
  laterSteps?: { chainName: string; token: { symbol: string; decimals: number }; minimum: bigint }[];
};

/**
 * Who the approval lets spend, named where the extension knows the contract from its owner's published list (LI.FI's
 * diamond, src/contracts/lifiDeployments.ts), short address beside; the address alone otherwise.
 */
export function spenderText(chainId: number, spender: `0x${string}`): string {
  const short = shortAddress(spender);
  return sameAddress(spender, lifiDiamondOn(chainId)) ? i18n.t('popup.review.lifiContract', [short]) : short;
}

/**
 * What the wallet will ask the person, in order, so the review can say it before anything is asked: the network
 * switch, the approval (exact unless "unlimited" is ticked) unless the allowance already covers the amount, and the
 * transfer itself. With the allowance unread, the approval is announced as conditional rather than left out.
 */
export function walletRequests(input: WalletRequestsInput): string[] {
  const { token, amount, allowance } = input;
  const sent = `${formatAmount(amount, token.decimals)} ${token.symbol}`;
  const requests: string[] = [];
  if (input.walletChainId !== input.fromChainId) requests.push(i18n.t('popup.review.switchTo', [input.fromChainName]));
  if (!token.native && (allowance === undefined || allowance < amount)) {
    const spender = spenderText(input.fromChainId, input.spender);
    const approve = input.unlimited
      ? i18n.t('popup.review.approveUnlimited', [token.symbol, spender])
      : i18n.t('popup.review.approveExact', [sent, spender]);
    if (allowance === undefined) requests.push(i18n.t('popup.review.ifLower', [approve]));
    else {
      if (allowance > 0n && input.needsReset) requests.push(i18n.t('popup.review.reset', [token.symbol]));
      requests.push(approve);
    }
  }
  requests.push(i18n.t('popup.review.confirmSend', [sent]));
  const total = (input.laterSteps?.length ?? 0) + 1;
  input.laterSteps?.forEach((step, i) => {
    requests.push(
      i18n.t('popup.review.laterStep', [
        `${formatAmount(step.minimum, step.token.decimals)} ${step.token.symbol}`,
        step.chainName,
        String(i + 2),
        String(total),
      ]),
    );
  });
  return requests;
}
