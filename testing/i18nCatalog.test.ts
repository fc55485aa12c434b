import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../locales/', import.meta.url));
const catalog = async (file: string) => generateChromeMessages(await parseMessagesFile(`${dir}${file}`));
const placeholders = (message: string) => [...new Set(message.match(/\$\d/g) ?? [])].sort();

/** Every locale says everything English says, with the same substitutions, so no screen falls back mid-sentence. */
describe('message catalogs', () => {
  const others = readdirSync(dir).filter((f) => f.endsWith('.yml') && f !== 'en.yml');

  it('has a second locale besides English', () => {
    expect(others).toContain('de.yml');
  });

  it.each(others)('%s has every English message, no extra one, and the same placeholders', async (file) => {
    const en = await catalog('en.yml');
    const other = await catalog(file);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, { message }] of Object.entries(en)) {
      expect(placeholders(other[key]!.message), `${file}: ${key}`).toEqual(placeholders(message));
      expect(other[key]!.message.trim(), `${file}: ${key} is empty`).not.toBe('');
    }
  });
});
