/**
 * Text the person typed that is meant as an ENS name (`vitalik.eth`, `name.xyz`): labels separated by dots, no
 * spaces, and not an address of any kind. Whether it is a valid name is ENSIP-15's normalisation to say
 * (src/chains/readEnsAddress.ts, in the background); this only picks the path the recipient field takes.
 */
export function looksLikeEnsName(text: string): boolean {
  const value = text.trim();
  if (value.length < 3 || value.length > 255 || /^0x[0-9a-fA-F]*$/i.test(value)) return false;
  return /^[^\s./:@]+(\.[^\s./:@]+)+$/u.test(value);
}
