import { useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { approvalSpender } from '../../checks/approvalSpender';
import { routeMinimum } from '../../checks/choice';
import type { PromisedFigure } from '../../checks/routers/types';
import { needsAllowanceReset } from '../../contracts/erc20';
import { formatAmount } from '../../format/amount';
import { formatDuration } from '../../format/duration';
import { formatPercent } from '../../format/percent';
import { formatSlippage } from '../../format/slippage';
import { formatUsd } from '../../format/usd';
import { toWire } from '../../messaging/wire';
import type { Token } from '../../schemas/catalog';
import { isNativeToken } from '../../schemas/primitives';
import type { Route } from '../../schemas/route';
import { hasFeeSplit } from '../feeParties';
import { walletRequests } from '../review';
import { summarizeRoute } from '../routeSummary';
import { changeLabels, simulatedChangeLines } from '../simulatedChanges';
import { selectChain, selectFormCheck, selectSelectedRoute } from '../store/selectors';
import { BridgePromise } from './BridgePromise';
import { ConfirmationCount } from './ConfirmationCount';
import { usePopup, usePopupApi } from './context';
import { DestinationGasNotice } from './DestinationGasNotice';
import { Dialog } from './Dialog';
import { EnsRecheckNote, ensHoldsConfirm, useEnsRecheck } from './EnsRecheck';
import { GasOnArrivalOffer } from './GasOnArrivalOffer';
import { arrivingGasStep, GasOnArrivalReceived } from './GasOnArrivalReceived';
import { PlusGas } from './PlusGas';
import { ReviewFees } from './ReviewFees';
import { SimulatedChanges, useTransferPreview } from './SimulatedChanges';
import { TokenWarning } from './TokenWarning';

/** The allowance the person's account gave the route's spender, read by the background through its trusted RPC. */
function useAllowance(query: { chainId: number; token: `0x${string}`; owner: `0x${string}`; spender: `0x${string}` }) {
  const api = usePopupApi();
  const [read, setRead] = useState<{ key: string; allowance?: bigint }>();
  const key = `${query.chainId}:${query.token}:${query.owner}:${query.spender}`;
  useEffect(() => {
    if (isNativeToken(query.token)) return;
    let current = true;
    api
      .getAllowance(query)
      .then((answer) => current && setRead({ key, allowance: answer.allowance ? BigInt(answer.allowance) : undefined }))
      .catch(() => current && setRead({ key }));
    return () => {
      current = false;
    };
    // The key names the query: one read per token, owner and spender.
  }, [api, key]);
  return { done: read?.key === key, allowance: read?.key === key ? read.allowance : undefined };
}

/** What the listing and the route say of a token's verification: the stronger warning of the two. */
function warned(chosen: Token, routed: NonNullable<Route['action']>['toToken'] | undefined) {
  const statuses = [chosen.verificationStatus, routed?.verificationStatus];
  const verificationStatus = statuses.includes('flagged')
    ? 'flagged'
    : statuses.includes('unverified')
      ? 'unverified'
      : undefined;
  return { symbol: chosen.symbol, verificationStatus } as const;
}

/**
 * Everything the wallet is about to be asked, on one screen the person confirms: what leaves, the least that
 * arrives, to whom, on which chains, the fees and time, and each request the wallet will show. Opened from the send
 * button; the routes hold still while it is open.
 */
export function ReviewDialog() {
  const route = usePopup(selectSelectedRoute);
  const choice = usePopup((s) => s.routesChoice);
  const fromChain = usePopup((s) => selectChain(s, s.fromChainId));
  const toChain = usePopup((s) => selectChain(s, s.toChainId));
  const chains = usePopup((s) => s.chains);
  const fromToken = usePopup((s) => s.fromToken);
  const toToken = usePopup((s) => s.toToken);
  const account = usePopup((s) => s.account);
  const recipient = usePopup((s) => selectFormCheck(s).recipient);
  const recipientName = usePopup((s) => selectFormCheck(s).recipientName);
  const applyEnsAnswer = usePopup((s) => s.applyEnsAnswer);
  const walletChainId = usePopup((s) => s.walletChainId);
  const allowUnlimited = usePopup((s) => s.allowUnlimited);
  const setAllowUnlimited = usePopup((s) => s.setAllowUnlimited);
  const execute = usePopup((s) => s.execute);
  const close = usePopup((s) => s.closeReview);
  const gasStatus = usePopup((s) => s.gasOnArrivalStatus);
  const chooseGas = usePopup((s) => s.chooseGasOnArrival);
  const dropGas = usePopup((s) => s.dropGasOnArrival);
  const summary = useMemo(() => route && summarizeRoute(route, choice?.slippage), [route, choice]);
  const spender = route ? approvalSpender(route) : ('0x' as `0x${string}`);
  const { done, allowance } = useAllowance({
    chainId: choice?.fromChainId ?? 0,
    token: choice?.fromToken ?? '0x',
    owner: account ?? '0x',
    spender,
  });
  // What the wallet would be asked for, fetched, guarded and simulated by the background before the person confirms.
  const preview = useTransferPreview(
    route && choice && account && recipient
      ? { account, recipient, choice: toWire(choice), route, allowUnlimited }
      : undefined,
  );
  // A name typed as the recipient is looked up again now: Confirm waits for it to point where this review says.
  const ens = useEnsRecheck(recipientName, recipient);
  if (!route || !summary || !choice || !fromChain || !toChain || !fromToken || !toToken || !account || !recipient) {
    return null;
  }
  const native = isNativeToken(choice.fromToken);
  const requests = walletRequests({
    walletChainId,
    fromChainId: choice.fromChainId,
    fromChainName: fromChain.name,
    token: { symbol: fromToken.symbol, decimals: fromToken.decimals, native },
    amount: choice.fromAmount,
    spender,
    allowance,
    needsReset: needsAllowanceReset(choice.fromChainId, choice.fromToken),
    unlimited: allowUnlimited,
    // What each earlier step delivers to the person (at least), and where the next one is signed.
    laterSteps: route.steps?.slice(1).map((step, i) => {
      const before = route.steps![i]!;
      return {
        chainName:
          chains.find((c) => String(c.id) === String(step.action.fromChainId))?.name ?? String(step.action.fromChainId),
        token: before.action.toToken,
        minimum: routeMinimum(before, choice),
      };
    }),
  });
  const own = recipient.toLowerCase() === account.toLowerCase();
  // The approvals the wallet is asked for before the transfer, once the allowance is read (as the list above says).
  const approvalsAsked =
    native || !done || (allowance !== undefined && allowance >= choice.fromAmount)
      ? 0
      : allowance !== undefined && allowance > 0n && needsAllowanceReset(choice.fromChainId, choice.fromToken)
        ? 2
        : 1;
  // A bridge's fee beside the amount, as its own contract states it (deBridge's), in the source chain's coin; none
  // when it is zero.
  const feeWei = preview && preview.kind !== 'refused' && preview.nativeFee ? BigInt(preview.nativeFee) : 0n;
  const bridgeFee =
    feeWei > 0n ? `${formatAmount(feeWei, fromChain.nativeToken.decimals)} ${fromChain.nativeToken.symbol}` : undefined;
  // Rows whose figure only the bridge promises (BridgePromise says which below) are marked where they stand.
  const unproven = (figure: PromisedFigure) => preview?.kind !== 'refused' && !!preview?.promised?.includes(figure);
  const unprovenMark = (testId: string) => (
    <>
      <br />
      <span class="notice small" data-testid={testId}>
        {i18n.t('popup.review.notProven')}
      </span>
    </>
  );
  // Nothing the simulation refused may reach the wallet from here: Confirm stays off and says why beside it. A warning
  // that is no refusal ("not simulated", a preview still running) leaves it on: the signing flow checks again anyway.
  const refusal = preview?.kind === 'refused' ? preview.reason : undefined;
  // Back to the form with what the name points to now, so the form shows it and asks for routes to it.
  const back = () => {
    if (ens.kind === 'changed' || ens.kind === 'failed') applyEnsAnswer(ens.typed, ens.answer);
    close();
  };
  const chainName = (chainId: string) => chains.find((c) => String(c.id) === chainId)?.name ?? chainId;
  // Gas on each chain a step is signed on, where there are several: the later chain's is paid later, there.
  const gas =
    summary.gasByChain.length > 1
      ? summary.gasByChain.map(
          (g) => `${i18n.t('popup.review.feeParties.gasOn', [chainName(g.chainId)])} ${formatUsd(g.usd) ?? '—'}`,
        )
      : [i18n.t('popup.review.gas', [formatUsd(summary.gasUSD) ?? '—'])];
  const fees = [...summary.fees.map((fee) => `${fee.name} ${formatUsd(fee.usd) ?? '—'}`), ...gas];
  return (
    <Dialog label={i18n.t('popup.review.title')} onClose={back}>
      <dl class="review" data-testid="review">
        <div>
          <dt>{i18n.t('popup.review.youSend')}</dt>
          <dd data-testid="review-send">
            <strong>
              {formatAmount(choice.fromAmount, fromToken.decimals)} {fromToken.symbol}
            </strong>{' '}
            {i18n.t('popup.review.on', [fromChain.name])}{' '}
            <span class="muted">{formatUsd(summary.fromAmountUSD) ?? ''}</span>
            <TokenWarning token={warned(fromToken, route.action?.fromToken)} testId="review-token-warning-from" />
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.review.youReceive')}</dt>
          <dd data-testid="review-receive">
            <strong>
              {summary.toAmount} {summary.toSymbol}
            </strong>{' '}
            {i18n.t('popup.review.on', [toChain.name])}{' '}
            <span class="muted">{formatUsd(summary.toAmountUSD) ?? ''}</span>
            {(unproven('receivingToken') || unproven('destinationChain')) && unprovenMark('review-unproven-receive')}
            <TokenWarning token={warned(toToken, route.action?.toToken)} testId="review-token-warning-to" />
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.review.atLeast')}</dt>
          <dd data-testid="review-minimum">
            {summary.toAmountMin} {summary.toSymbol}{' '}
            <span class="muted">{i18n.t('popup.review.slippage', [formatSlippage(choice.slippage)])}</span>
            {unproven('minAmountOut') && unprovenMark('review-unproven-minimum')}
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.review.to')}</dt>
          <dd data-testid="review-recipient">
            {recipientName && (
              <>
                <strong data-testid="review-recipient-name">{recipientName}</strong>
                <br />
              </>
            )}
            <span class="mono break">{recipient}</span>
            <br />
            {ens.kind !== 'none' && (
              <>
                <EnsRecheckNote check={ens} shown={recipient} />
                <br />
              </>
            )}
            {own && unproven('receiver') ? (
              <span class="notice small" data-testid="review-unproven-recipient">
                {i18n.t('popup.review.yourAccountPromised')}
              </span>
            ) : own ? (
              <span class="muted small">{i18n.t('popup.review.yourAccount')}</span>
            ) : toChain.chainType === 'SOLANA' ? (
              <span class="notice small">{i18n.t('popup.review.solanaAddress')}</span>
            ) : (
              <span class="notice small">{i18n.t('popup.review.anotherAddress')}</span>
            )}
            {!own && unproven('receiver') && unprovenMark('review-unproven-recipient')}
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.review.route')}</dt>
          <dd>
            {summary.toolName} · {summary.path}
            {summary.gasOnArrival && <PlusGas gas={summary.gasOnArrival} />}
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.review.fees')}</dt>
          <dd data-testid="review-fees">
            {hasFeeSplit(route) ? <ReviewFees route={route} chainName={chainName} /> : fees.join(' · ')}
            {summary.priceImpact !== undefined &&
              `${hasFeeSplit(route) ? '' : ' · '}${i18n.t('popup.routes.priceImpact', [formatPercent(summary.priceImpact)])}`}
            {bridgeFee && (
              <>
                <br />
                <span data-testid="review-bridge-fee">
                  {i18n.t('popup.review.bridgeOwnFee', [summary.toolName, bridgeFee])}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.review.time')}</dt>
          <dd>{formatDuration(summary.duration) ?? i18n.t('popup.review.unknown')}</dd>
        </div>
      </dl>
      <SimulatedChanges
        preview={preview}
        chainName={fromChain.name}
        lines={
          preview?.kind === 'simulated'
            ? simulatedChangeLines(
                preview.changes,
                changeLabels({ ...fromToken, address: choice.fromToken }, fromChain.nativeToken),
                formatUsd(summary.gasUSD),
              )
            : []
        }
      />
      <BridgePromise preview={preview} />
      <DestinationGasNotice
        preview={preview}
        chains={chains}
        arriving={choice.fromAmountForGas === undefined ? undefined : arrivingGasStep(route)?.estimate.toAmount}
      />
      <GasOnArrivalOffer
        preview={preview}
        route={route}
        choice={choice}
        chains={chains}
        token={fromToken}
        status={gasStatus}
        onChoose={(amount) => void chooseGas(amount)}
      />
      <GasOnArrivalReceived route={route} choice={choice} chains={chains} onDrop={() => void dropGas()} />
      <h3 class="small">{i18n.t('popup.review.walletWillAsk')}</h3>
      <ol class="wallet-requests small" data-testid="review-requests" aria-busy={!native && !done}>
        {requests.map((request) => (
          <li key={request}>{request}</li>
        ))}
      </ol>
      <ConfirmationCount
        chainId={choice.fromChainId}
        chainName={fromChain.name}
        approvals={approvalsAsked}
        switchNetwork={walletChainId !== choice.fromChainId}
        later={(route.steps ?? []).slice(1).map((step) => chainName(String(step.action.fromChainId)))}
      />
      {!native && (
        <label class="check small muted">
          <input
            type="checkbox"
            checked={allowUnlimited}
            onChange={(e) => setAllowUnlimited(e.currentTarget.checked)}
          />
          {i18n.t('popup.review.unlimited')}
        </label>
      )}
      <div class="review-foot">
        <div class="row review-actions">
          <button type="button" class="secondary" onClick={back}>
            {i18n.t('popup.review.back')}
          </button>
          <button
            type="button"
            class="primary"
            onClick={() => void execute()}
            disabled={refusal !== undefined || ensHoldsConfirm(ens)}
            aria-describedby={refusal === undefined ? undefined : 'review-confirm-refused'}
            data-testid="review-confirm"
          >
            {i18n.t('popup.review.confirm')}
          </button>
        </div>
        {refusal !== undefined && (
          <p id="review-confirm-refused" class="error small break" data-testid="review-confirm-refused">
            {i18n.t('popup.review.confirmRefused')}
            {/* The words are on screen just above; screen readers get them with Confirm's description. */}
            <span class="sr-only"> {refusal}</span>
          </p>
        )}
      </div>
    </Dialog>
  );
}
