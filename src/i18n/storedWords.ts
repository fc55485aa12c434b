type GetMessage = (name: string, substitutions: string[]) => string;

// A message's name as the catalogs write them; "@@" names (the browser's own) are not asked for.
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,119}$/;
// Chrome's getMessage takes at most nine substitutions.
const MAX_ARGS = 9;
const MAX_ARG_LENGTH = 1_000;
// As deep as the worker follows them (producedWords.ts's WORDS_DEPTH), kept here so the popup's first paint does not
// carry the worker's memory module.
const WORDS_DEPTH = 3;

/**
 * The text a record stored, said in the language spoken now when words were stored beside it
 * (src/i18n/producedWords.ts): a stopped transfer's reason written before the language was changed. The words come
 * back from storage, so they are checked first: a known message name, at most nine substitutions, each bounded text
 * or words themselves, not too deep. Anything else, and a name the catalog does not know, gives the stored text.
 */
export function storedText(text: string, words: unknown, getMessage: GetMessage): string {
  return (words === undefined ? undefined : said(words, getMessage, 0)) || text;
}

function said(words: unknown, getMessage: GetMessage, depth: number): string | undefined {
  if (depth > WORDS_DEPTH || typeof words !== 'object' || words === null) return undefined;
  const { key, args } = words as { key?: unknown; args?: unknown };
  if (typeof key !== 'string' || !KEY.test(key)) return undefined;
  if (args !== undefined && (!Array.isArray(args) || args.length > MAX_ARGS)) return undefined;
  const values: string[] = [];
  for (const arg of (args as unknown[] | undefined) ?? []) {
    const value =
      typeof arg === 'string' ? (arg.length <= MAX_ARG_LENGTH ? arg : undefined) : said(arg, getMessage, depth + 1);
    if (value === undefined) return undefined;
    values.push(value);
  }
  // An unknown name gives "" (as the browser does): the stored text is shown instead.
  return getMessage(key, values) || undefined;
}
