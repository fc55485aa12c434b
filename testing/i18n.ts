import { fileURLToPath } from 'node:url';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * Unit tests run on WXT's fake browser, whose `i18n.getMessage` is not implemented. This serves the English catalog
 * (locales/en.yml) through it exactly as the browser would from the built `_locales/en/messages.json`: the same
 * parser and generator @wxt-dev/i18n's module uses, with Chrome's `$1`… substitution, so components under test show
 * the words a person sees.
 */
const catalog = generateChromeMessages(
  await parseMessagesFile(fileURLToPath(new URL('../locales/en.yml', import.meta.url))),
);

function getMessage(name: string, substitutions?: string | string[]): string {
  const entry = catalog[name];
  if (!entry) return '';
  const values = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  let text = entry.message;
  // Named placeholders ($name$) resolve to their content ($1…), then $1… to the values, as Chrome does.
  for (const [placeholder, { content }] of Object.entries(entry.placeholders ?? {})) {
    text = text.replaceAll(new RegExp(`\\$${placeholder}\\$`, 'gi'), content);
  }
  return text.replace(/\$(\d)/g, (_, index: string) => values[Number(index) - 1] ?? '').replaceAll('$$', '$');
}

Object.assign(fakeBrowser.i18n, { getMessage, getUILanguage: () => 'en' });
