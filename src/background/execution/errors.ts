import { BaseError } from '../../errors/base';

/** An execution asked for something its state does not allow (not running, already running, unknown). */
export class ExecutionStateError extends BaseError {
  override name = 'ExecutionStateError';
}
