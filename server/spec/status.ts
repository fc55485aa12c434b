import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { SpecStatusQuerySchema } from './requests';

/**
 * GET /v1/status. With a devnet the chains answer; without one no transaction is ever known, so a well-formed hash
 * is 200 `{status: 'NOT_FOUND', substatusMessage, sending: {txHash}}` (LI.FI's shape: clients keep polling).
 */
export const getStatus: Handler = async (ctx, req) => {
  const { txHash } = parseRequest(SpecStatusQuerySchema, req.query);
  // A Solana signature (a transfer from Solana) is base58, where case is part of it.
  const hash = /^0x/i.test(txHash) ? txHash.toLowerCase() : txHash;
  if (ctx.status) return json(await ctx.status.getStatus(hash));
  return json({
    status: 'NOT_FOUND',
    substatusMessage: 'The transaction is not known to this service (yet).',
    sending: { txHash: hash },
  });
};
