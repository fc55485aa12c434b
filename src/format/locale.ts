/**
 * The language the browser shows its own UI in, which is also the one `browser.i18n` picks the message catalog by:
 * numbers, amounts and dates are formatted for it, so a German popup reads "1.234,5" next to German words. Read from
 * the extension API without the polyfill (the explorer card and the background share this); outside an extension
 * (the reference service, scripts) it falls back to English.
 */
export function uiLocale(): string {
  const api =
    (globalThis as { browser?: I18nApi; chrome?: I18nApi }).browser ?? (globalThis as { chrome?: I18nApi }).chrome;
  try {
    return api?.i18n?.getUILanguage?.() || 'en';
  } catch {
    return 'en';
  }
}

type I18nApi = { i18n?: { getUILanguage?(): string } };

const symbolsByLocale = new Map<string, { group: string; decimal: string }>();

/** The locale's thousands and decimal separators ("," and "." in English, "." and "," in German). */
export function numberSymbols(locale = uiLocale()): { group: string; decimal: string } {
  let symbols = symbolsByLocale.get(locale);
  if (!symbols) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(11111.1);
    }
    symbols = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    symbolsByLocale.set(locale, symbols);
  }
  return symbols;
}

/** A count for people ("20,000" / "20.000"). */
export const formatCount = (n: number): string => new Intl.NumberFormat(uiLocale()).format(n);

/** A date and time, short, in the UI's locale. */
export const formatDateTime = (ms: number): string =>
  new Date(ms).toLocaleString(uiLocale(), { dateStyle: 'short', timeStyle: 'short' });
