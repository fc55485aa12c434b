import { ROUTER_ADDRESS } from '../contracts/router';
import type { Route } from '../schemas/route';

/**
 * The contract an ERC-20 route's allowance is given to: the route's approval address, else the contract its
 * transaction calls, else the devnet router. The review names it and the execution approves it; either way the
 * approval guard (guards.ts) refuses a spender that is not a known router for the chain.
 */
export const approvalSpender = (route: Route): `0x${string}` =>
  (route.estimate.approvalAddress ?? route.transactionRequest?.to ?? ROUTER_ADDRESS) as `0x${string}`;
