import * as v from 'valibot';
import type { ApiDialect } from '../api/dialect';
import type { PublicSettings, Settings, SettingsPatch } from '../model/settings';
import { describeIssues } from '../schemas/issues';
import { defaultSettings, settingsItem } from '../storage/settings';
import { InvalidSettingsError } from './errors';
import { SettingsPatchSchema } from './settingsPatch';

export type SettingsService = {
  /** Current settings (API key included: background use only). Read from storage once, then kept in memory. */
  get(): Promise<Settings>;
  /** Validates and applies a patch; returns the public view. */
  update(patch: unknown): Promise<PublicSettings>;
  /** Called after every change, whichever context wrote it. */
  subscribe(listener: (settings: Settings) => void): () => void;
  /**
   * Remembers the dialect detected for `baseUrl` (settings.apiDialect was `auto`). Does nothing if the person
   * changed the URL or chose a dialect meanwhile: a detection never overrides a choice.
   */
  rememberDialect(baseUrl: string, dialect: ApiDialect): Promise<void>;
  /** Starts following storage changes (the popup never writes settings itself, but tests and migrations may). */
  watch(): () => void;
};

/** The only view of the settings that leaves the background. */
export function toPublicSettings(settings: Settings): PublicSettings {
  const { apiKey, ...rest } = settings;
  return { ...rest, bridges: { ...rest.bridges }, hasApiKey: apiKey.length > 0 };
}

export function createSettingsService(): SettingsService {
  let cached: Promise<Settings> | undefined;
  const listeners = new Set<(settings: Settings) => void>();
  // Writes are serialised so two quick patches cannot both start from the same old value.
  let writing: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<Settings> => ({ ...defaultSettings(), ...(await settingsItem.getValue()) });
  const publish = (settings: Settings) => {
    cached = Promise.resolve(settings);
    for (const listener of listeners) listener(settings);
  };

  return {
    get() {
      cached ??= load();
      return cached;
    },
    update(patch) {
      const parsed = v.safeParse(SettingsPatchSchema, patch);
      if (!parsed.success) return Promise.reject(new InvalidSettingsError(describeIssues(parsed.issues)));
      const next = writing.then(async () => {
        const current = await load();
        const updated: Settings = { ...current, ...(parsed.output satisfies SettingsPatch) };
        // Another service may speak another dialect: a new URL without a dialect is detected again.
        if (parsed.output.apiDialect === undefined && updated.apiBaseUrl !== current.apiBaseUrl) {
          updated.apiDialect = 'auto';
        }
        await settingsItem.setValue(updated);
        publish(updated);
        return toPublicSettings(updated);
      });
      writing = next.catch(() => undefined);
      return next;
    },
    rememberDialect(baseUrl, dialect) {
      const next = writing.then(async () => {
        const current = await load();
        if (current.apiBaseUrl !== baseUrl || current.apiDialect !== 'auto') return;
        const updated: Settings = { ...current, apiDialect: dialect };
        await settingsItem.setValue(updated);
        publish(updated);
      });
      writing = next.catch(() => undefined);
      return next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch() {
      return settingsItem.watch((value) => publish({ ...defaultSettings(), ...value }));
    },
  };
}
