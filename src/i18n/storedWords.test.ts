import { describe, expect, it } from 'vitest';
import { type Catalog, catalogMessage } from './catalog';
import { storedText } from './storedWords';

const DECLINED_DE = 'Du hast die Überweisung in der Wallet abgelehnt. Nichts wurde gesendet.';
const GERMAN: Catalog = {
  execution_declined: { message: DECLINED_DE },
  execution_stepEnded: { message: 'Schritt $1 hat nicht begonnen: $2' },
  execution_arrivalUnchecked: { message: 'die Ankunft wurde nicht geprüft' },
};
const german = (name: string, substitutions?: string | string[]) => catalogMessage(GERMAN, name, substitutions);
const STORED = 'You declined the transfer in the wallet. Nothing was sent.';

describe('a stored text said in the language spoken now', () => {
  it('says known words, nested ones included', () => {
    expect(storedText(STORED, { key: 'execution_declined' }, german)).toBe(DECLINED_DE);
    expect(
      storedText(
        'Step 2 did not start: the arrival was not checked',
        { key: 'execution_stepEnded', args: ['2', { key: 'execution_arrivalUnchecked' }] },
        german,
      ),
    ).toBe('Schritt 2 hat nicht begonnen: die Ankunft wurde nicht geprüft');
  });

  it('shows the stored text without words, or with words that are not sound', () => {
    const deep = { key: 'execution_stepEnded', args: ['1', { key: 'execution_stepEnded', args: ['2', {}] }] };
    let tooDeep: unknown = { key: 'execution_arrivalUnchecked' };
    for (let i = 0; i < 5; i++) tooDeep = { key: 'execution_stepEnded', args: ['1', tooDeep] };
    for (const words of [
      undefined,
      null,
      'execution_declined',
      { key: 'execution_unknown' },
      { key: '@@ui_locale' },
      { key: 42 },
      { key: 'execution_stepEnded', args: '2' },
      { key: 'execution_stepEnded', args: ['1', 2] },
      { key: 'execution_stepEnded', args: ['1', 'x'.repeat(1_001)] },
      { key: 'execution_stepEnded', args: Array.from({ length: 10 }, () => '1') },
      { key: 'execution_stepEnded', args: ['1', { key: 'execution_unknown' }] },
      deep,
      tooDeep,
    ]) {
      expect(storedText(STORED, words, german)).toBe(STORED);
    }
  });
});
