/**
 * `entrypoints/explorer.content/` (a content script with `registration: 'runtime'`: never in the manifest; the
 * background injects it into catalog token pages only). With the leading slash WXT's typed public paths check it
 * against the build's entrypoints.
 */
export const CARD_SCRIPT_FILE = '/content-scripts/explorer.js';

/**
 * Global the card sets in its isolated world (a page cannot read or forge it): a function answering whether that
 * copy of the card is still alive, so the background never injects a second one into a document that has it.
 */
export const CARD_PRESENCE_KEY = '__bridgeCompanionCardAlive';
