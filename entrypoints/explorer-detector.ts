import { defineUnlistedScript } from '#imports';
import { startDetector } from '../src/explorers/detector';

/**
 * The tiny always-on explorer script (see src/explorers/detector.ts). An unlisted script rather than a WXT content
 * script, so it is not wrapped in WXT's content-script context and polyfill: wxt.config.ts declares it for the
 * well-known explorers, src/explorers/registration.ts registers it for permitted catalog explorers.
 */
export default defineUnlistedScript(startDetector);
