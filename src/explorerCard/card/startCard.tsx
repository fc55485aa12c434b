import { render } from 'preact';
import { type ContentScriptContext, createShadowRootUi, type ShadowRootContentScriptUi } from '#imports';
import { sendMessage } from '../../messaging/protocol';
import type { DetectedPage } from '../inlineQuotes';
import { cardAnchor, explorerFamilyOf } from './anchors';
import cardCss from './card.css?inline';
import { speakCardLanguage } from './cardLanguage';
import { ExplorerCard } from './ExplorerCard';

export type CardSession = { stop(): void };

export const CARD_ELEMENT_NAME = 'bridge-companion-card';

/**
 * A failed detection (service unreachable while the catalog is cold, worker restarting) is asked again a little
 * later; a `null` answer (not a catalog token, or inline quotes off) is final.
 */
const DETECT_DELAYS_MS = [0, 2_000, 6_000] as const;

/**
 * One card for one page URL: asks the background whether the URL is a catalog token page, and if so mounts the card
 * after the token header (waiting for the header when the explorer renders it late). `stop()` removes it; the
 * content script calls it on every navigation so a card never outlives its page.
 */
export function startCard(ctx: ContentScriptContext, href: string): CardSession {
  let stopped = false;
  let ui: ShadowRootContentScriptUi<HTMLElement> | undefined;

  const detect = async (): Promise<DetectedPage | null> => {
    for (const delay of DETECT_DELAYS_MS) {
      if (delay > 0) await new Promise((resolve) => ctx.setTimeout(() => resolve(undefined), delay));
      if (stopped || ctx.isInvalid) return null;
      const reply = await sendMessage('detectExplorerToken', { url: href }).catch(() => undefined);
      if (reply?.ok) return reply.value;
    }
    return null;
  };

  const show = async () => {
    const detected = await detect();
    if (!detected || stopped || ctx.isInvalid) return;
    // Before the first word: the card's words, numbers and the background's answers in one language.
    await speakCardLanguage(detected.language);
    const family = explorerFamilyOf(location.host);
    ui = await createShadowRootUi(ctx, {
      name: CARD_ELEMENT_NAME,
      // Closed: the page's scripts get null from host.shadowRoot, so they cannot read the quotes or reach the inputs.
      // (Its handlers also ignore synthetic events, ./trusted.ts.) Tests read it from the extension's own
      // world with chrome.dom.openOrClosedShadowRoot (e2e/harness/closedCard.ts), so what they test is what ships.
      // Firefox has no such door for WebDriver BiDi: only its tests' own build opens the root (never a store build).
      mode: import.meta.env.BRIDGE_CARD_OPEN_ROOT ? 'open' : 'closed',
      position: 'inline',
      // Inline rather than cssInjectionMode 'ui': that mode fetches content-scripts/explorer.css, which is web
      // accessible only on the static explorer hosts, so cards on catalog explorers would come out unstyled.
      css: cardCss,
      anchor: () => cardAnchor(family),
      append: 'after',
      onMount(container) {
        render(<ExplorerCard detected={detected} />, container);
        return container;
      },
      onRemove(container) {
        if (container) render(null, container);
      },
    });
    if (stopped) ui.remove();
    else ui.autoMount();
  };
  // Not supported, settings off, background asleep or gone: the page simply gets no card.
  show().catch(() => undefined);

  return {
    stop() {
      stopped = true;
      ui?.remove();
    },
  };
}
