import type { Route, UnavailableRoutes } from '../schemas/route';
import type { RouteProofs } from './routeProofs';

export type RoutesResult = {
  routes: Route[];
  unavailableRoutes?: UnavailableRoutes;
  /** ms since epoch when the service answered (for the refresh countdown). */
  fetchedAt: number;
  /** What could be proven of the figures a bridge alone sets (src/background/provenRoutes.ts). */
  routeProofs?: RouteProofs;
};
