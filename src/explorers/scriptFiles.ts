/**
 * Where WXT puts the two explorer bundles. The detector is tiny and runs on every explorer page; the card (Preact,
 * messaging, WXT's content-script context) is injected by the background only into token pages.
 */
/** `entrypoints/explorer-detector.ts` (an unlisted script, declared as a content script in wxt.config.ts). */
export const DETECTOR_SCRIPT_FILE = 'explorer-detector.js';
/**
 * `entrypoints/explorer.content/` (a content script with `registration: 'runtime'`: never in the manifest). With the
 * leading slash WXT's typed public paths check it against the build's entrypoints.
 */
export const CARD_SCRIPT_FILE = '/content-scripts/explorer.js';
