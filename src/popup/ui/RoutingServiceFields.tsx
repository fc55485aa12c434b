import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { LIFI_BASE_URL } from '../../api/dialect';
import type { ApiDialectSetting, PublicSettings } from '../../model/settings';
import { DEFAULT_API_BASE_URL } from '../../storage/settings';

export type Preset = 'lifi' | 'local' | 'custom';

/** The two services a person picks by name; anything else is a custom URL with its dialect detected or chosen. */
const PRESETS: Record<
  Exclude<Preset, 'custom'>,
  { label: () => string; apiBaseUrl: string; apiDialect: ApiDialectSetting }
> = {
  lifi: { label: () => i18n.t('popup.settings.presetLifi'), apiBaseUrl: LIFI_BASE_URL, apiDialect: 'lifi' },
  local: { label: () => i18n.t('popup.settings.presetLocal'), apiBaseUrl: DEFAULT_API_BASE_URL, apiDialect: 'spec' },
};

const DIALECT_LABELS: Record<ApiDialectSetting, () => string> = {
  auto: () => i18n.t('popup.settings.dialectAuto'),
  spec: () => i18n.t('popup.settings.dialectSpec'),
  lifi: () => i18n.t('popup.settings.dialectLifi'),
};

/** Which choice the settings show as: a preset when URL and dialect fit it (`auto` fits either). */
export function presetOf(settings: PublicSettings): Preset {
  for (const key of ['lifi', 'local'] as const) {
    const preset = PRESETS[key];
    const dialectFits = settings.apiDialect === preset.apiDialect || settings.apiDialect === 'auto';
    if (settings.apiBaseUrl === preset.apiBaseUrl && dialectFits) return key;
  }
  return 'custom';
}

/** The settings after choosing `choice`: a preset's URL and dialect, or the URL kept and its dialect detected. */
export function withPreset(settings: PublicSettings, choice: Preset): PublicSettings {
  if (choice === 'custom') return { ...settings, apiDialect: 'auto' };
  return { ...settings, apiBaseUrl: PRESETS[choice].apiBaseUrl, apiDialect: PRESETS[choice].apiDialect };
}

/**
 * Which routing service the extension asks: a preset, or a custom URL. A custom service's dialect is detected once
 * from its chain listing (and shown here once known), or set by hand. Choosing "Custom URL" is remembered here:
 * until the URL is edited it is still a preset's, and reading the choice back from the URL alone would snap back.
 */
export function RoutingServiceFields(props: { draft: PublicSettings; setDraft(draft: PublicSettings): void }) {
  const { draft, setDraft } = props;
  const [customChosen, setCustomChosen] = useState(false);
  const preset = customChosen ? 'custom' : presetOf(draft);
  const choose = (choice: Preset) => {
    setCustomChosen(choice === 'custom');
    setDraft(withPreset(draft, choice));
  };
  return (
    <fieldset class="service">
      <legend>{i18n.t('popup.settings.service')}</legend>
      <label class="field">
        <span>{i18n.t('popup.settings.serviceField')}</span>
        <select value={preset} data-testid="service-preset" onChange={(e) => choose(e.currentTarget.value as Preset)}>
          <option value="lifi">{PRESETS.lifi.label()}</option>
          <option value="local">{PRESETS.local.label()}</option>
          <option value="custom">{i18n.t('popup.settings.custom')}</option>
        </select>
      </label>
      {preset === 'custom' && (
        <>
          <label class="field">
            <span>{i18n.t('popup.settings.apiBaseUrl')}</span>
            <input
              type="url"
              data-testid="service-url"
              value={draft.apiBaseUrl}
              onInput={(e) => setDraft({ ...draft, apiBaseUrl: e.currentTarget.value.trim(), apiDialect: 'auto' })}
            />
          </label>
          <label class="field inline">
            <span>{i18n.t('popup.settings.apiDialect')}</span>
            <select
              value={draft.apiDialect}
              onChange={(e) => setDraft({ ...draft, apiDialect: e.currentTarget.value as ApiDialectSetting })}
            >
              {(Object.keys(DIALECT_LABELS) as ApiDialectSetting[]).map((key) => (
                <option key={key} value={key}>
                  {DIALECT_LABELS[key]()}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {preset !== 'custom' && <p class="muted small">{draft.apiBaseUrl}</p>}
    </fieldset>
  );
}
