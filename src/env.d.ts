interface ImportMetaEnv {
  readonly BRIDGE_API_URL?: string;
}
