import { StatusQuerySchema } from '../../src/schemas/requests';
import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';

/**
 * GET /v1/status. With a devnet the chains answer; without one no transaction is ever known, so a well-formed hash
 * is 200 `{status: 'NOT_FOUND', substatusMessage, sending: {txHash}}` (LI.FI's shape: clients keep polling).
 */
export const getStatus: Handler = async (ctx, req) => {
  const { txHash } = parseRequest(StatusQuerySchema, req.query);
  const hash = txHash.toLowerCase() as `0x${string}`;
  if (ctx.status) return json(await ctx.status.getStatus(hash));
  return json({
    status: 'NOT_FOUND',
    substatusMessage: 'The transaction is not known to this service (yet).',
    sending: { txHash: hash },
  });
};
