import { i18n } from '#i18n';
import type { RouteOrder } from '../schemas/requests';

/** The one set of words for route orders (the catalog's popup.order.*): the sort menu and Settings both use these. */
export function routeOrderLabel(order: RouteOrder): string {
  switch (order) {
    case 'OUTPUT':
      return i18n.t('popup.order.OUTPUT');
    case 'TIME':
      return i18n.t('popup.order.TIME');
    case 'GAS':
      return i18n.t('popup.order.GAS');
    case 'COST':
      return i18n.t('popup.order.COST');
    case 'SAFETY':
      return i18n.t('popup.order.SAFETY');
  }
}
