import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';
import { feeLabel, legChains, legTool } from '../routing/legFigures';
import type { PricedLeg } from '../routing/priceRoute';
import { feeToken, stepToken, toolDetails } from './present';

/**
 * JSON text of the pieces of a route that depend on the catalog only (a step's tool and tokens, a fee item's label
 * and token, a tool's details), built once by JSON.stringify of what `presentRoute` embeds and then spliced by the
 * routes serializer: the same bytes, without re-serializing the same objects in every route of every answer.
 * Pieces end where the per-route values begin (an amount), so a fragment may end inside a string.
 */

type ToolJson = { key: string; full: string };
const toolJson = new WeakMap<Catalog, Map<string, ToolJson>>();

/** A tool's key as a JSON string and its `toolDetails` with the logo (the route's; steps carry no logo). */
export function toolJsonOf(catalog: Catalog, key: string): ToolJson {
  let byKey = toolJson.get(catalog);
  if (!byKey) {
    byKey = new Map();
    toolJson.set(catalog, byKey);
  }
  let json = byKey.get(key);
  if (!json) {
    json = { key: JSON.stringify(key), full: JSON.stringify(toolDetails(catalog, key)) };
    byKey.set(key, json);
  }
  return json;
}

/** The source chain's native token as embedded in gas costs. */
const stepTokenText = new WeakMap<CatalogToken, string>();
export function stepTokenJson(token: CatalogToken): string {
  let json = stepTokenText.get(token);
  if (json === undefined) {
    json = JSON.stringify(stepToken(token));
    stepTokenText.set(token, json);
  }
  return json;
}

/**
 * Fragments keyed by a leg's input token, output token and tool key. Tokens are catalog objects (each catalog has
 * its own), so the key is implicitly per catalog too; the chain ids are checked because the leg, not the tokens,
 * carries them.
 */
type StepHead = { kind: string; fromChainId: number; toChainId: number; text: string };
const stepHeads = new WeakMap<CatalogToken, Map<CatalogToken, Map<string, StepHead>>>();

/**
 * `","type":…,"tool":…,"toolDetails":{key,name},"action":{"fromChainId":…,"toChainId":…,"fromToken":…,"toToken":…,
 * "fromAmount":"` of an included step: everything between its id and its input amount.
 */
export function stepHeadJson(catalog: Catalog, leg: PricedLeg): string {
  const tool = legTool(leg).key;
  const { fromChainId, toChainId } = legChains(leg);
  let byOut = stepHeads.get(leg.tokenIn);
  if (!byOut) {
    byOut = new Map();
    stepHeads.set(leg.tokenIn, byOut);
  }
  let byTool = byOut.get(leg.tokenOut);
  if (!byTool) {
    byTool = new Map();
    byOut.set(leg.tokenOut, byTool);
  }
  let head = byTool.get(tool);
  if (!head || head.kind !== leg.kind || head.fromChainId !== fromChainId || head.toChainId !== toChainId) {
    const action = JSON.stringify({
      fromChainId: String(fromChainId),
      toChainId: String(toChainId),
      fromToken: stepToken(leg.tokenIn),
      toToken: stepToken(leg.tokenOut),
    });
    const details = JSON.stringify(toolDetails(catalog, tool, true));
    const text = `","type":${JSON.stringify(leg.kind)},"tool":${JSON.stringify(tool)},"toolDetails":${details},"action":${action.slice(0, -1)},"fromAmount":"`;
    head = { kind: leg.kind, fromChainId, toChainId, text };
    byTool.set(tool, head);
  }
  return head.text;
}

const feeHeads = new WeakMap<CatalogToken, Map<object, string>>();

/** `{"name":…,"description":…,"token":…,"amount":"` of a leg's fee item: its label (per tool) and input token. */
export function feeHeadJson(leg: PricedLeg): string {
  const tool = legTool(leg);
  let byTool = feeHeads.get(leg.tokenIn);
  if (!byTool) {
    byTool = new Map();
    feeHeads.set(leg.tokenIn, byTool);
  }
  let text = byTool.get(tool);
  if (text === undefined) {
    const { name, description } = feeLabel(leg);
    text = `${JSON.stringify({ name, description, token: feeToken(leg.tokenIn) }).slice(0, -1)},"amount":"`;
    byTool.set(tool, text);
  }
  return text;
}
