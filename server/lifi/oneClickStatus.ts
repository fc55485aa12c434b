import { ErrorCode } from '../../src/schemas/error';
import { oneClickStatus } from '../devnet/oneClickQuotes';
import { ApiError } from '../http/apiError';
import { type Handler, json } from '../http/handler';

/**
 * The devnet's 1Click status (`GET /1click/v0/status?depositAddress=`, 1Click's own path under `/1click`): the
 * signed quote behind a deposit address the twin issued. Development builds ask here; store builds ask 1Click.
 */
export const getOneClickStatus: Handler = (_ctx, req) => {
  const depositAddress = req.query.depositAddress;
  if (!depositAddress) throw new ApiError(400, ErrorCode.Validation, 'depositAddress is required');
  const status = oneClickStatus(depositAddress);
  if (!status) throw new ApiError(404, ErrorCode.NotFound, 'Deposit address not found');
  return json(status);
};
