/**
 * What a tool's fee item pays for, as far as the service's name for it (and its description) tells: a relayer's fee,
 * gas paid for the person on the destination chain, the liquidity providers' fee of an exchange, or the tool's own
 * fee named after it ("Across fee"). `undefined`: a name this extension cannot classify, shown only quoted.
 * LI.FI's names as li.quest sends them: "LIFI Fixed Fee", "Relayer fee" and "Relayer gas fee" (Across), "Transaction
 * Fee" described as the gas "on the destination chain" (Celer), "DFlow Liquidity Fee", the twin's "<exchange> LP fee".
 */
export type FeeKind = 'relayer' | 'destinationGas' | 'liquidity' | 'own';

/** LI.FI's own fee item by its name ("LIFI Fixed Fee"), for items that come without LI.FI's `feeSplit`. */
export const isLifiFeeName = (name: string): boolean => /^\s*li\.?fi\b/i.test(name);

/** The integrator's fee item by its name ("Integrator Fee"), for items that come without LI.FI's `feeSplit`. */
export const isIntegratorFeeName = (name: string): boolean => /^\s*integrator fee\s*$/i.test(name);

const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether the name says only "this tool's fee": "Bridge fee", "Protocol fee", or "<tool> fee" where the tool's name
 * and the name's word agree ("Across fee" for AcrossV4, "Stargate fee" for StargateV2).
 */
function namesOnlyTheTool(name: string, tool: string | undefined): boolean {
  const match = /^\s*(.*?)\s*fees?\s*$/i.exec(name);
  if (!match) return false;
  const word = letters(match[1]!);
  if (word === '' || word === 'bridge' || word === 'protocol') return true;
  const key = tool === undefined ? '' : letters(tool);
  return key !== '' && word.length >= 3 && (key.startsWith(word) || word.startsWith(key));
}

/** The kind of a tool's fee item from its name and description; `tool` (its name) lets "<tool> fee" be known. */
export function feeKind(name: string, description?: string, tool?: string): FeeKind | undefined {
  const text = name.toLowerCase();
  if (/\blp\b|liquidity/.test(text)) return 'liquidity';
  if (/\bgas\b/.test(text) || /\bgas\b.*\bdestination chain\b/i.test(description ?? '')) return 'destinationGas';
  if (/\brelay(er)?\b|\bbonder\b/.test(text) && !namesOnlyTheTool(name, tool)) return 'relayer';
  if (namesOnlyTheTool(name, tool)) return 'own';
  return undefined;
}
