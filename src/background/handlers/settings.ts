import type { BackgroundDeps } from '../deps';
import { toPublicSettings } from '../settings';
import { SettingsPatchSchema } from '../settingsPatch';
import { NoDataSchema } from './messageSchemas';

/** getSettings / updateSettings: extension pages only; the API key never leaves (hasApiKey instead). */
export function registerSettingsHandlers({ handle, settings }: BackgroundDeps): void {
  handle('getSettings', {
    access: 'page',
    schema: NoDataSchema,
    run: async () => toPublicSettings(await settings.get()),
  });
  handle('updateSettings', {
    access: 'page',
    schema: SettingsPatchSchema,
    run: (patch) => settings.update(patch),
  });
}
