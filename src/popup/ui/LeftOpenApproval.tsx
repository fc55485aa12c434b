import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { approvalSpender } from '../../checks/approvalSpender';
import { userMessage } from '../../errors/userMessage';
import { formatAmount } from '../../format/amount';
import { shortAddress } from '../../lib/addresses';
import { RemoteError } from '../../messaging/reply';
import type { ExecutionRecord } from '../../model/transfer';
import { isNativeToken } from '../../schemas/primitives';
import { usePopup, usePopupApi } from './context';

/** A decline in the wallet in the words of this approval (it stays open); any other failure as it was said. */
function revokeError(err: unknown): string {
  const declined = err instanceof RemoteError && err.remoteName === 'WalletRejectedError';
  return declined ? i18n.t('revoke.declined') : userMessage(err);
}

/**
 * An approval a failed or abandoned transfer left open, read through the trusted RPC (getAllowance), with one click
 * to set it to 0 through this popup's tab wallet (revokeApproval: the approval guard and a simulation first). Shown
 * only while the allowance to the route's spender is above 0; nothing is shown while it cannot be read.
 */
export function LeftOpenApproval({ record }: { record: ExecutionRecord }) {
  const api = usePopupApi();
  const tabId = usePopup((s) => s.tabId);
  const walletName = usePopup((s) => s.walletName);
  const walletRdns = usePopup((s) => s.walletRdns);
  const e = record.execution;
  const token = e.choice.fromToken;
  const spender = approvalSpender(e.route);
  const query = { chainId: e.choice.fromChainId, token, owner: e.account, spender };
  const [allowance, setAllowance] = useState<bigint>();
  const [state, setState] = useState<{ busy?: boolean; error?: string; done?: boolean }>({});
  const read = () =>
    api
      .getAllowance(query)
      .then((answer) => setAllowance(answer.allowance ? BigInt(answer.allowance) : undefined))
      // Unread, what was read before stands: a failed read after a decline must not hide the words about it.
      .catch(() => undefined);
  useEffect(() => {
    if (!isNativeToken(token)) void read();
    // One read per record: the query is the record's own.
  }, [record.id]);
  if (state.done) {
    return (
      <p class="small muted" data-testid="approval-revoked">
        {i18n.t('revoke.done')}
      </p>
    );
  }
  if (!allowance || allowance === 0n) return null;
  const symbol = e.route.action?.fromToken.symbol ?? shortAddress(token);
  const decimals = e.route.action?.fromToken.decimals ?? 0;
  const revoke = async () => {
    if (tabId === undefined || !walletName) return setState({ error: i18n.t('popup.execution.connectFirst') });
    setState({ busy: true });
    try {
      await api.revokeApproval({
        tabId,
        wallet: { rdns: walletRdns, name: walletName },
        account: e.account,
        chainId: query.chainId,
        token,
        spender,
      });
      setState({ done: true });
    } catch (err) {
      setState({ error: revokeError(err) });
      void read();
    }
  };
  return (
    <div class="small notice" data-testid="approval-open">
      <p class="break">
        {i18n.t('revoke.open', [`${formatAmount(allowance, decimals)} ${symbol}`, shortAddress(spender)])}
      </p>
      <button type="button" disabled={state.busy} onClick={() => void revoke()} data-testid="revoke-approval">
        {i18n.t('revoke.button')}
      </button>
      {state.busy && (
        // The wallet asks in its own window or tab, which may hide this popup: said before it does.
        <p class="break" role="status" data-testid="revoke-waiting">
          {i18n.t('revoke.waiting')}
        </p>
      )}
      {state.error && (
        <p class="error break" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
