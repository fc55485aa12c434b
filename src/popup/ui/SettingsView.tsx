import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { apiBaseUrlProblem, MAX_SLIPPAGE, slippageProblem } from '../../background/settingsPatch';
import { isAcceptableRpcUrl, trustedRpcUrl } from '../../chains/trustedRpc';
import { userMessage } from '../../errors/userMessage';
import { slippageWarning } from '../../format/slippage';
import {
  LANGUAGE_SETTINGS,
  type LanguageSetting,
  type PublicSettings,
  THEME_SETTINGS,
  type ThemeSetting,
} from '../../model/settings';
import type { Chain } from '../../schemas/catalog';
import { requestHostPermission } from '../hostPermission';
import { isSourceChain } from '../store/selectors';
import type { PopupState } from '../store/types';
import { usePopup, usePopupApi } from './context';
import { ExplorerAccess } from './ExplorerAccess';
import { RouteOrderSelect } from './RouteOrderSelect';
import { RoutingServiceFields } from './RoutingServiceFields';

type BridgeMode = 'default' | 'prefer' | 'allow' | 'deny';

const themeLabel = (theme: ThemeSetting) =>
  theme === 'light'
    ? i18n.t('popup.settings.themeLight')
    : theme === 'dark'
      ? i18n.t('popup.settings.themeDark')
      : i18n.t('popup.settings.themeSystem');

/** Each language by its own name, so a person who cannot read the current one still finds theirs. */
const languageLabel = (language: LanguageSetting) =>
  language === 'en' ? 'English' : language === 'de' ? 'Deutsch' : i18n.t('popup.settings.languageBrowser');

function modeOf(settings: PublicSettings, key: string): BridgeMode {
  if (settings.bridges.deny.includes(key)) return 'deny';
  if (settings.bridges.allow.includes(key)) return 'allow';
  if (settings.bridges.prefer.includes(key)) return 'prefer';
  return 'default';
}

/**
 * The RPC per chain through which the extension checks what was sent (src/chains/trustedRpc.ts): the built-in one
 * unless the person names their own. Empty means built-in; a chain with neither is said to be unchecked.
 */
/** Chains whose RPC the extension can read and check: EVM (eth_chainId) and Solana (getGenesisHash). */
const hasCheckableRpc = (chain: Chain) => chain.chainType === 'EVM' || chain.chainType === 'SOLANA';

function TrustedRpcs(props: {
  chains: readonly Chain[];
  rpcUrls: Record<string, string>;
  /** Why the RPC typed for a chain was not kept, by chain ID (the check on save). */
  problems: Record<string, string>;
  onChange(next: Record<string, string>): void;
}) {
  const set = (chainId: number, value: string) => {
    const { [String(chainId)]: _old, ...rest } = props.rpcUrls;
    props.onChange(value ? { ...rest, [String(chainId)]: value } : rest);
  };
  return (
    <details class="rpcs" data-testid="trusted-rpcs">
      <summary>{i18n.t('popup.settings.trustedRpcs')}</summary>
      <p class="muted small">{i18n.t('popup.settings.trustedRpcsHelp')}</p>
      {props.chains.map((chain) => {
        const own = props.rpcUrls[String(chain.id)] ?? '';
        const builtIn = trustedRpcUrl(chain.id, {});
        const invalid = own !== '' && !isAcceptableRpcUrl(own);
        const problem = props.problems[String(chain.id)];
        return (
          <label class="field" key={chain.id}>
            <span>{chain.name}</span>
            <input
              type="url"
              data-chain={chain.id}
              value={own}
              aria-invalid={invalid || problem !== undefined}
              placeholder={builtIn ?? i18n.t('popup.settings.noBuiltInRpc')}
              onInput={(e) => set(chain.id, e.currentTarget.value.trim())}
            />
            {invalid && <span class="error small">{i18n.t('popup.settings.badRpc')}</span>}
            {!invalid && problem && (
              <span class="error small" role="alert" data-testid="rpc-problem">
                {problem}
              </span>
            )}
          </label>
        );
      })}
    </details>
  );
}

export function SettingsView() {
  const settings = usePopup((s) => s.settings);
  const status = usePopup((s) => s.settingsStatus);
  const message = usePopup((s) => s.settingsMessage);
  const serviceAnswer = usePopup((s) => s.serviceAnswer);
  const save = usePopup((s) => s.saveSettings);
  const tools = usePopup((s) => s.tools);
  const chains = usePopup((s) => s.chains);
  const [draft, setDraftState] = useState<PublicSettings | undefined>(settings);
  const [apiKey, setApiKey] = useState('');
  const [permissionNote, setPermissionNote] = useState<string>();
  const [urlProblem, setUrlProblem] = useState<string>();
  const [rpcProblems, setRpcProblems] = useState<Record<string, string>>({});
  const api = usePopupApi();
  // Changed since the last save: "Settings saved." no longer describes what is on screen.
  const [edited, setEdited] = useState(false);
  useEffect(() => setDraftState(settings), [settings]);

  if (!draft) return <p class="muted">{status === 'error' ? message : i18n.t('popup.settings.loading')}</p>;
  const setDraft = (next: PublicSettings) => {
    setDraftState(next);
    setEdited(true);
  };
  const checkNewRpcs = async (rpcUrls: Record<string, string>) => {
    const problems: Record<string, string> = {};
    const changed = Object.entries(rpcUrls).filter(
      ([id, url]) => url !== settings?.rpcUrls[id] && isAcceptableRpcUrl(url),
    );
    await Promise.all(
      changed.map(async ([id, url]) => {
        const chain = chains.find((c) => String(c.id) === id);
        try {
          await api.addChainRpc({ chainId: Number(id), chainName: chain?.name ?? id, url });
        } catch (err) {
          problems[id] = userMessage(err);
        }
      }),
    );
    return problems;
  };
  const slippageRefused = slippageProblem(draft.slippage);
  const slippageNote = slippageRefused ? undefined : slippageWarning(draft.slippage);
  const bridges = tools.filter((t, i, all) => all.findIndex((x) => x.key === t.key) === i);
  const setBridge = (key: string, mode: BridgeMode) => {
    const without = (list: string[]) => list.filter((k) => k !== key);
    const next = {
      allow: without(draft.bridges.allow),
      deny: without(draft.bridges.deny),
      prefer: without(draft.bridges.prefer),
    };
    if (mode !== 'default') next[mode].push(key);
    setDraft({ ...draft, bridges: next });
  };

  return (
    <form
      class="settings"
      aria-label={i18n.t('popup.settings.title')}
      // Every rule is said in words beside its field (and in the status line), never as the browser's bubble alone.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setPermissionNote(undefined);
        if (slippageRefused) return;
        setEdited(false);
        // The background refuses it too (src/background/settingsPatch.ts); said here, beside the field, in words.
        const problem = apiBaseUrlProblem(draft.apiBaseUrl);
        setUrlProblem(problem && i18n.t('popup.settings.urlProblem', [problem]));
        if (problem) return;
        // Asked first, inside the gesture; saving still happens if refused (the background then reports the host).
        const permission = requestHostPermission(draft.apiBaseUrl).catch(() => false);
        void permission.then(async (granted) => {
          if (!granted) setPermissionNote(i18n.t('popup.settings.noHostAccess'));
          // Every RPC typed anew must answer as its chain's (eth_chainId, or Solana's getGenesisHash) before
          // anything is saved: an RPC of another chain would only be found out at the next transfer's review.
          const problems = await checkNewRpcs(draft.rpcUrls);
          setRpcProblems(problems);
          if (Object.keys(problems).length > 0) {
            setEdited(true);
            setPermissionNote(i18n.t('popup.settings.rpcNotSaved'));
            return;
          }
          const { hasApiKey: _ignored, ...rest } = draft;
          await save(apiKey ? { ...rest, apiKey } : rest);
          setApiKey('');
        });
      }}
    >
      <div class="panel-scroll">
        <h2>{i18n.t('popup.settings.title')}</h2>
        <RoutingServiceFields draft={draft} setDraft={setDraft} />
        {urlProblem && (
          <span class="error small" role="alert" data-testid="api-url-problem">
            {urlProblem}
          </span>
        )}
        <label class="field">
          <span>
            {i18n.t('popup.settings.apiKey')}{' '}
            <span class="muted small" data-testid="api-key-state">
              {draft.hasApiKey ? i18n.t('popup.settings.apiKeySet') : i18n.t('popup.settings.apiKeyNotSet')}
            </span>
          </span>
          <input
            type="password"
            autoComplete="off"
            placeholder={
              draft.hasApiKey ? i18n.t('popup.settingsExtra.newKeyPlaceholder') : i18n.t('popup.settingsExtra.optional')
            }
            value={apiKey}
            onInput={(e) => setApiKey(e.currentTarget.value)}
          />
        </label>
        {draft.hasApiKey && (
          <button type="button" class="link" onClick={() => void save({ apiKey: '' })}>
            {i18n.t('popup.settings.removeKey')}
          </button>
        )}
        <div class="options-fields">
          <label class="field inline">
            <span>{i18n.t('popup.settings.defaultSlippage')}</span>
            <input
              type="number"
              min="0"
              max={String(MAX_SLIPPAGE * 100)}
              step="0.1"
              data-testid="settings-slippage"
              aria-invalid={slippageRefused !== undefined}
              value={+(draft.slippage * 100).toFixed(3)}
              onInput={(e) => {
                const text = e.currentTarget.value.trim();
                setDraft({ ...draft, slippage: text === '' ? Number.NaN : Number(text) / 100 });
              }}
            />
          </label>
          <RouteOrderSelect
            label={i18n.t('popup.settings.defaultOrder')}
            value={draft.routeOrder}
            onChange={(routeOrder) => setDraft({ ...draft, routeOrder })}
          />
        </div>
        {slippageRefused && (
          <p class="error small" role="alert" data-testid="settings-slippage-problem">
            {slippageRefused}
          </p>
        )}
        {slippageNote && (
          <p class="notice small" role="status" data-testid="settings-slippage-warning">
            {slippageNote}
          </p>
        )}
        <label class="check">
          <input
            type="checkbox"
            checked={draft.showUnprovenRoutes}
            onChange={(e) => setDraft({ ...draft, showUnprovenRoutes: e.currentTarget.checked })}
            data-testid="settings-show-unproven"
          />
          {i18n.t('popup.settings.showUnproven')}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.notifications}
            onChange={(e) => setDraft({ ...draft, notifications: e.currentTarget.checked })}
          />
          {i18n.t('popup.settings.notify')}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.inlineQuotes}
            onChange={(e) => setDraft({ ...draft, inlineQuotes: e.currentTarget.checked })}
          />
          {i18n.t('popup.settings.inlineQuotes')}
        </label>
        {draft.inlineQuotes && <ExplorerAccess chains={chains.filter(isSourceChain)} />}
        <div class="options-fields">
          <label class="field inline">
            <span>{i18n.t('popup.settings.theme')}</span>
            <select
              value={draft.theme}
              onChange={(e) => setDraft({ ...draft, theme: e.currentTarget.value as ThemeSetting })}
            >
              {THEME_SETTINGS.map((theme) => (
                <option key={theme} value={theme}>
                  {themeLabel(theme)}
                </option>
              ))}
            </select>
          </label>
          <label class="field inline">
            <span>{i18n.t('popup.settings.language')}</span>
            <select
              value={draft.language ?? 'browser'}
              data-testid="settings-language"
              onChange={(e) => setDraft({ ...draft, language: e.currentTarget.value as LanguageSetting })}
            >
              {LANGUAGE_SETTINGS.map((language) => (
                <option key={language} value={language} lang={language === 'browser' ? undefined : language}>
                  {languageLabel(language)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <TrustedRpcs
          chains={chains.filter(hasCheckableRpc)}
          problems={rpcProblems}
          rpcUrls={draft.rpcUrls}
          onChange={(rpcUrls) => setDraft({ ...draft, rpcUrls })}
        />
        <fieldset class="bridges">
          <legend>{i18n.t('popup.settings.tools')}</legend>
          {bridges.length === 0 && <p class="muted small">{i18n.t('popup.settings.toolsLoading')}</p>}
          {bridges.length > 0 && (
            <p class="muted small" data-testid="tool-filter-note">
              {i18n.t('popup.settings.toolFilterNote')}
            </p>
          )}
          {bridges.map((tool) => (
            <label class="field inline" key={tool.key}>
              <span>{tool.name}</span>
              <select
                value={modeOf(draft, tool.key)}
                onChange={(e) => setBridge(tool.key, e.currentTarget.value as BridgeMode)}
              >
                <option value="default">{i18n.t('popup.settings.toolUse')}</option>
                <option value="prefer">{i18n.t('popup.settings.toolPrefer')}</option>
                <option value="allow">{i18n.t('popup.settings.toolOnly')}</option>
                <option value="deny">{i18n.t('popup.settings.toolNever')}</option>
              </select>
            </label>
          ))}
        </fieldset>
      </div>
      {/* Save and what became of it stay at the foot of the popup, however long the page above grows. */}
      <div class="action-bar">
        <button type="submit" class="primary" disabled={status === 'saving'}>
          {status === 'saving' ? i18n.t('popup.settings.saving') : i18n.t('popup.settings.save')}
        </button>
        <p
          class={status === 'error' || slippageRefused || Object.keys(rpcProblems).length > 0 ? 'error' : 'ok'}
          role="status"
          data-testid="settings-message"
        >
          {slippageRefused
            ? i18n.t('popup.settings.notSaved', [slippageRefused])
            : (permissionNote ??
              (edited && status !== 'error' ? '' : status === 'saved' ? savedText(serviceAnswer) : (message ?? '')))}
        </p>
      </div>
    </form>
  );
}

/** "Settings saved.", with what the service saved anew answered when it was asked (settingsSlice's serviceAnswer). */
function savedText(answer: PopupState['serviceAnswer']): string {
  if (!answer) return i18n.t('popup.settings.saved');
  return 'failure' in answer
    ? i18n.t('popup.settings.savedServiceFails', [answer.failure])
    : i18n.t('popup.settings.savedServiceAnswers', [String(answer.chains)]);
}
