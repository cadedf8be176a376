import type { Db } from '../../db/client';
import { readSetting, type Settings } from '../../settings';

/** The settings orders read on every request, cached: a query per order would sit on the hot path. */
export type SpotSettings = Pick<Settings, 'stockCosts' | 'stockOrderLimits' | 'coinSpot'>;

/** How often an operator's change reaches the engine. */
export const SETTINGS_REFRESH_MS = 30_000;

export async function loadSpotSettings(db: Db): Promise<SpotSettings> {
  const [stockCosts, stockOrderLimits, coinSpot] = await Promise.all([
    readSetting(db, 'stockCosts'),
    readSetting(db, 'stockOrderLimits'),
    readSetting(db, 'coinSpot'),
  ]);
  return { stockCosts, stockOrderLimits, coinSpot };
}
