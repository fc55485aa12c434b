import { SettingsPatchSchema } from '../settingsPatch';
import { backgroundMessage } from './define';

/** updateSettings: extension pages only; answers the public settings (no key). */
export const updateSettings = backgroundMessage({
  access: 'page',
  schema: SettingsPatchSchema,
  run: (patch, { settings }) => settings.update(patch),
});
