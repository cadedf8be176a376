import Decimal from 'decimal.js';
import {
  offlineLimits,
  offlineWindow,
  type OfflineLimits,
  type OfflineWindow,
} from '../../../domain/ipo/offline';
import type { offlineApplications } from '../../db/schema/bulk';
import type { OfferingRow } from '../ipo/terms';

export type OfflineRow = typeof offlineApplications.$inferSelect;

const whole = (value: string) => BigInt(new Decimal(value).toFixed(0));

/** An IPO's offline tranche, as domain/ipo/offline defines it from the prospectus. */
export function trancheOf(offering: OfferingRow): {
  window: OfflineWindow;
  limits: OfflineLimits;
  lots: bigint;
} {
  const lots = whole(offering.lotsInstitutional);
  return {
    window: offlineWindow(offering.subscribeStart),
    limits: offlineLimits(whole(offering.minLots), lots),
    lots,
  };
}
