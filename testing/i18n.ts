import { fileURLToPath } from 'node:url';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { catalogMessage } from '../src/i18n/catalog';

/**
 * Unit tests run on WXT's fake browser, whose `i18n.getMessage` is not implemented. This serves the English catalog
 * (locales/en.yml) through it exactly as the browser would from the built `_locales/en/messages.json`: the same
 * parser and generator @wxt-dev/i18n's module uses, with Chrome's `$1`… substitution (the one the popup and the
 * background use for a language chosen in Settings, src/i18n/catalog.ts), so components under test show
 * the words a person sees.
 */
const catalog = generateChromeMessages(
  await parseMessagesFile(fileURLToPath(new URL('../locales/en.yml', import.meta.url))),
);

const getMessage = (name: string, substitutions?: string | string[]) => catalogMessage(catalog, name, substitutions);

Object.assign(fakeBrowser.i18n, { getMessage, getUILanguage: () => 'en' });
