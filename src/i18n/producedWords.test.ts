import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog';
import { createLanguageSwitch } from './languageSwitch';
import { createWordMemory } from './producedWords';
import { storedText } from './storedWords';

const ENGLISH: Catalog = {
  execution_declined: { message: 'You declined the transfer in the wallet. Nothing was sent.' },
  execution_stepEnded: { message: 'Step $1 did not start: $2' },
  execution_arrivalUnchecked: { message: 'the arrival was not checked' },
};
const DECLINED_DE = 'Du hast die Überweisung in der Wallet abgelehnt. Nichts wurde gesendet.';
const GERMAN: Catalog = {
  execution_declined: { message: DECLINED_DE },
  execution_stepEnded: { message: 'Schritt $1 hat nicht begonnen: $2' },
  execution_arrivalUnchecked: { message: 'die Ankunft wurde nicht geprüft' },
};

/** An English browser's i18n whose texts the memory hears through the switch, German the other catalog. */
function englishWorker(limit?: number) {
  const memory = createWordMemory(limit);
  const english = (name: string, substitutions?: string | string[]) => {
    const values = substitutions === undefined ? [] : ([] as string[]).concat(substitutions);
    return (ENGLISH[name]?.message ?? '').replace(/\$(\d)/g, (_m, i: string) => values[Number(i) - 1] ?? '');
  };
  const api = { getMessage: english, getUILanguage: () => 'en-US' };
  const languages = createLanguageSwitch(api, async () => GERMAN, memory.remember);
  return { api, memory, languages };
}

describe('the words behind texts the worker made', () => {
  it("hears the browser's own language from the start, and the chosen one after", async () => {
    const { api, memory, languages } = englishWorker();
    const declined = api.getMessage('execution_declined');
    expect(memory.wordsOf(declined)).toEqual({ key: 'execution_declined' });
    await languages.apply('de');
    const german = api.getMessage('execution_declined');
    expect(german).toBe(DECLINED_DE);
    expect(memory.wordsOf(german)).toEqual({ key: 'execution_declined' });
    expect(memory.wordsOf('Some text the service sent')).toBeUndefined();
  });

  it('keeps substitutions that were themselves made as words, and the rest as written', () => {
    const { api, memory } = englishWorker();
    const text = api.getMessage('execution_stepEnded', ['2', api.getMessage('execution_arrivalUnchecked')]);
    expect(memory.wordsOf(text)).toEqual({
      key: 'execution_stepEnded',
      args: ['2', { key: 'execution_arrivalUnchecked' }],
    });
  });

  it('forgets the oldest texts beyond its bound', () => {
    const { api, memory } = englishWorker(2);
    const declined = api.getMessage('execution_declined');
    api.getMessage('execution_arrivalUnchecked');
    api.getMessage('execution_stepEnded', ['1', 'x']);
    expect(memory.wordsOf(declined)).toBeUndefined();
  });

  it('says a reason stored in English in German once German is chosen', async () => {
    const { api, memory, languages } = englishWorker();
    const text = api.getMessage('execution_stepEnded', ['2', api.getMessage('execution_arrivalUnchecked')]);
    const stored = JSON.parse(JSON.stringify({ error: text, errorWords: memory.wordsOf(text) }));
    await languages.apply('de');
    expect(storedText(stored.error, stored.errorWords, api.getMessage)).toBe(
      'Schritt 2 hat nicht begonnen: die Ankunft wurde nicht geprüft',
    );
  });
});
