/**
 * How long an answer the idle app asked for a tab's first read is kept for a tap (prefetch-data.ts,
 * keepTabsWarm): a reader taps a few seconds to a minute after the page went quiet. Honest that
 * long because a tab's prices are replaced by the stream as it renders, and a balance or an order
 * list is dropped at once by any private event (an order placed or filled, a balance or a position
 * changed: prefetch-data.ts). A leaf, so tests read it from outside the page.
 */
export const KEPT_FOR_TAP_MS = 60_000;
