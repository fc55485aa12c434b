interface ImportMetaEnv {
  readonly BRIDGE_API_URL?: string;
  /** True in store builds (`npm run zip`): no loopback defaults, no dev-only code. */
  readonly BRIDGE_STORE_BUILD?: boolean;
  /** Development builds: the devnet's Relay API (src/checks/promises/relayConfig.ts). */
  readonly BRIDGE_RELAY_API_URL?: string;
  /** Set only by the Firefox tests' build: the card's shadow root open so WebDriver BiDi can read it. */
  readonly BRIDGE_CARD_OPEN_ROOT?: boolean;
}
