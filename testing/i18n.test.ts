import { describe, expect, it } from 'vitest';
import { i18n } from '#i18n';

describe('the message catalog in unit tests', () => {
  it('serves the English text behind i18n.t', () => {
    expect(i18n.t('popup.title')).toBe('Bridge Companion');
  });
});
