/** One entry of a built `_locales/<lang>/messages.json`, as @wxt-dev/i18n writes it from locales/*.yml. */
export type CatalogEntry = { message: string; placeholders?: Record<string, { content: string }> };
export type Catalog = Record<string, CatalogEntry>;

/** A language other than the browser's, with its catalog: what the background hands the explorer card. */
export type SpokenLanguage = { language: string; catalog: Catalog };

/**
 * A message with its substitutions, as Chrome's `i18n.getMessage` makes it: named placeholders ($name$) become
 * their content ($1…), then $1… the values, and "$$" a dollar sign. Unknown keys give "", as the browser does.
 */
export function catalogMessage(catalog: Catalog, name: string, substitutions?: string | string[]): string {
  const entry = catalog[name];
  if (!entry) return '';
  const values = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  let text = entry.message;
  for (const [placeholder, { content }] of Object.entries(entry.placeholders ?? {})) {
    text = text.replaceAll(new RegExp(`\\$${placeholder}\\$`, 'gi'), content);
  }
  return text.replace(/\$(\d)|\$\$/g, (_match, index: string | undefined) =>
    index === undefined ? '$' : (values[Number(index) - 1] ?? ''),
  );
}

/**
 * The extension's own built catalog for `language` (packaged with it, so no network is involved). The path is on
 * the extension's origin, where both the popup's page and the worker's script live, so it resolves against either
 * without an extension API (nor its polyfill) to name it.
 */
export async function loadPackagedCatalog(language: string): Promise<Catalog> {
  const response = await fetch(`/_locales/${encodeURIComponent(language)}/messages.json`);
  if (!response.ok) throw new Error(`no catalog for ${language}`);
  return (await response.json()) as Catalog;
}
