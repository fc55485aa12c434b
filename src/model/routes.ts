import type { Route, UnavailableRoutes } from '../schemas/route';

export type RoutesResult = {
  routes: Route[];
  unavailableRoutes?: UnavailableRoutes;
  /** ms since epoch when the service answered (for the refresh countdown). */
  fetchedAt: number;
};
