import type { BackgroundLanguage } from './language';
import type { SettingsService } from './settings';

/**
 * Whether the person wants desktop notifications, answered once the worker speaks their language: whoever asks is
 * about to build a notification's words.
 */
export function notificationsOn(language: BackgroundLanguage, settings: SettingsService): () => Promise<boolean> {
  return async () => {
    await language.settled();
    return (await settings.get()).notifications;
  };
}
