/**
 * Words as the catalog says them: a message's name (`i18n.getMessage`'s, e.g. "execution_declined") and its
 * substitutions, each either text as it was written (an amount, a chain's name) or words themselves. Stored beside
 * a text in a record, they let the popup say the text again in the language chosen now (src/i18n/storedWords.ts).
 */
export type Words = { key: string; args?: (string | Words)[] };

/** How deep substitutions that are themselves words are followed (a step's end names its status, which…). */
export const WORDS_DEPTH = 3;

/**
 * The texts a context produced lately, each with the message and substitutions it came from: the background's
 * `i18n.getMessage` tells it every text it makes (src/background/language.ts), and a record stores the words behind
 * a text it keeps (a stopped transfer's reason) without every error class carrying its message's name. Bounded: only
 * texts just made are looked up, and the worker lives for long.
 */
export function createWordMemory(limit = 200) {
  const produced = new Map<string, { key: string; substitutions: string[] }>();

  const wordsOf = (text: string, depth: number): Words | undefined => {
    const found = depth <= WORDS_DEPTH ? produced.get(text) : undefined;
    if (!found) return undefined;
    if (found.substitutions.length === 0) return { key: found.key };
    return {
      key: found.key,
      args: found.substitutions.map((value) => (value === text ? value : (wordsOf(value, depth + 1) ?? value))),
    };
  };

  return {
    /** Hears one text the catalog made (the switch's observer). */
    remember(key: string, substitutions: string | string[] | undefined, text: string) {
      if (!text) return;
      const values = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
      // The latest making of a text is the one kept, and counts as new.
      produced.delete(text);
      produced.set(text, { key, substitutions: values.map(String) });
      if (produced.size > limit) produced.delete(produced.keys().next().value as string);
    },
    /** The words `text` was made of lately, or undefined when it was not made by the catalog (or too long ago). */
    wordsOf: (text: string) => wordsOf(text, 0),
  };
}

export type WordMemory = ReturnType<typeof createWordMemory>;
