import { LIMITS } from '../limits';

/**
 * What a user can be alerted of. Price alerts watch the last price; `move` a percent move within
 * a window; the contract risk alerts watch the user's open positions on the symbol, at the mark.
 */
export const ALERT_KINDS = ['above', 'below', 'move', 'liquidation', 'margin'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Windows a `move` alert may watch, in minutes: short enough to keep every tick of them in memory. */
export const MOVE_WINDOWS = [5, 15, 60] as const;
export type MoveWindow = (typeof MOVE_WINDOWS)[number];

/** Per user and account (domain/limits.ts). */
export const ALERTS_PER_USER = LIMITS.alerts;

/**
 * The re-arm rule (hysteresis, not one-shot): a fired price alert stays on the list and fires
 * again only after the price went back past its threshold by this fraction, so a price that
 * hovers on the line does not notify on every wiggle, and a user need not re-create an alert
 * for the next crossing. Risk alerts re-arm once their figure is back by RISK_REARM_POINTS.
 */
export const PRICE_REARM_FRACTION = '0.005';
export const RISK_REARM_POINTS = '1';

/** Percent thresholds: a `move` from 0.1 % to 50 %, a liquidation distance or margin ratio up to 100 %. */
export const PERCENT_MIN = '0.1';
export const PERCENT_MAX = '100';
export const MOVE_MAX = '50';

export function isPriceKind(kind: AlertKind): kind is 'above' | 'below' {
  return kind === 'above' || kind === 'below';
}

export function isRiskKind(kind: AlertKind): kind is 'liquidation' | 'margin' {
  return kind === 'liquidation' || kind === 'margin';
}
