import { describe, expect, it } from 'vitest';
import { type Catalog, catalogMessage } from './catalog';

const GERMAN: Catalog = {
  popup_tabs_settings: { message: 'Einstellungen' },
  popup_form_balance: { message: 'Guthaben: $1' },
  price: { message: '$1 $$ ($2)' },
  named: { message: 'Hallo $who$', placeholders: { who: { content: '$1' } } },
};

describe('catalog messages', () => {
  it('substitutes as the browser does: $1…, named placeholders, "$$", "" for unknown keys', () => {
    expect(catalogMessage(GERMAN, 'popup_tabs_settings')).toBe('Einstellungen');
    expect(catalogMessage(GERMAN, 'popup_form_balance', ['100.000 USDC'])).toBe('Guthaben: 100.000 USDC');
    expect(catalogMessage(GERMAN, 'popup_form_balance', '5')).toBe('Guthaben: 5');
    expect(catalogMessage(GERMAN, 'price', ['3', 'x'])).toBe('3 $ (x)');
    expect(catalogMessage(GERMAN, 'named', ['Welt'])).toBe('Hallo Welt');
    expect(catalogMessage(GERMAN, 'missing')).toBe('');
  });
});
