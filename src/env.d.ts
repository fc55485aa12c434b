interface ImportMetaEnv {
  readonly BRIDGE_API_URL?: string;
  /** True in store builds (`npm run zip`): no loopback defaults, no dev-only code. */
  readonly BRIDGE_STORE_BUILD?: boolean;
}
