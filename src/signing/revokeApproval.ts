import { i18n } from '#i18n';
import { TransactionGuardError } from '../checks/errors';
import { checkApproval } from '../checks/guards';
import { balanceChanges, readEffects } from '../checks/simulation/effects';
import { revertReason } from '../checks/simulation/revertReason';
import type { Simulator } from '../checks/simulation/simulateBeforeSigning';
import { SimulationUnsupportedError } from '../checks/simulation/simulateCalls';
import { decodeUint256, encodeAllowance, encodeApprove } from '../contracts/erc20';
import type { Chain } from '../schemas/catalog';
import type { WalletSession } from '../wallet/session';
import { ApprovalRevertedError } from './executeTransfer';
import { guard } from './prepareTransfer';

export type RevokeInput = {
  session: WalletSession;
  chain: Chain;
  account: `0x${string}`;
  token: `0x${string}`;
  spender: `0x${string}`;
};

/**
 * Closes an approval a failed or abandoned transfer left open: an approval of 0 to the same spender, through the
 * page's wallet. The same guard as any approval (the token itself, the person's account, a router pinned for the
 * chain, exactly the amount: 0), then a simulation through the chain's trusted RPC showing it moves nothing and leaves
 * no allowance; only then is the wallet asked. Resolves to the hash once it is mined.
 */
export async function revokeApproval(input: RevokeInput, deps: { simulator: Simulator }): Promise<`0x${string}`> {
  const { session, chain, account, token, spender } = input;
  const chainId = chain.id;
  const data = encodeApprove(spender, 0n);
  guard(
    checkApproval(
      { chainId, from: account, to: token, data, value: '0' },
      { chainId, account, token, spender, amount: 0n, allowUnlimited: false },
    ),
  );
  try {
    const result = await deps.simulator.simulate(chainId, {
      account,
      calls: [
        { from: account, to: token, data },
        { from: account, to: token, data: encodeAllowance(account, spender) },
      ],
    });
    const [approve, allowance] = result.calls;
    if (!approve?.ok) {
      throw new TransactionGuardError(
        'SIM_REVERTED',
        i18n.t('revoke.reverts', [revertReason(approve?.returnData ?? '0x')]),
      );
    }
    if (balanceChanges(readEffects(result.calls), account).length > 0) {
      throw new TransactionGuardError('SIM_OTHER_ASSET', i18n.t('revoke.unexpected'));
    }
    if (!allowance?.ok || decodeUint256(allowance.returnData) !== 0n)
      throw new TransactionGuardError('SIM_ALLOWANCE_LEFT', i18n.t('revoke.unexpected'));
  } catch (err) {
    // An approval of 0 can only lower what the spender may take: where nothing can simulate it, it still goes ahead.
    if (!(err instanceof SimulationUnsupportedError)) throw err;
  }
  if ((await session.chainId()) !== chainId) await session.switchChain(chain);
  await session.expect(chainId, account);
  const hash = await session.sendTransaction(
    { chainId, from: account, to: token, data, value: 0n },
    i18n.t('wallet.what.revoke'),
  );
  if (!(await session.waitForReceipt(hash))) throw new ApprovalRevertedError(i18n.t('revoke.reverted'));
  return hash;
}
