/** How the popup paces route searches (a module of its own: the bench reads these without loading the store). */
export const DEFAULT_DEBOUNCE_MS = 350;
export const DEFAULT_REFRESH_MS = 30_000;
/** A search still waiting after this long asks the background whether the service told it to hold, then again. */
export const HOLD_CHECK_MS = 1_000;
