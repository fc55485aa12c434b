import type { SpokenLanguage } from '../i18n/catalog';
import type { Chain, Token } from '../schemas/catalog';
import type { RouteToken } from '../schemas/route';

/** A catalog token whose explorer page the card is on. */
export type DetectedToken = { chain: Chain; token: Token };

/** What the card learns of its page: the token, and the language chosen in Settings when not the browser's. */
export type DetectedPage = DetectedToken & { language?: SpokenLanguage };

/** The best route into one destination chain, as the explorer card shows it. */
export type InlineQuote = {
  toChain: Pick<Chain, 'id' | 'name' | 'logoURI'>;
  toToken: RouteToken;
  toAmount: string;
  toAmountUSD?: string;
  tool: string;
  toolName: string;
  toolLogoURI?: string;
  executionDuration?: number;
};

export type InlineQuotesResult = { quotes: InlineQuote[]; errors: { toChainId: number; message: string }[] };
