// What the nav bench's rows pick from the taps' times (tests/bench/nav.cases.ts), by route: plain
// functions, so the picking is tested without a browser (tests/unit/nav-rows.test.ts). Here, not
// beside the bench: the bench's files build on the tests' project, not the other way round.

/** Milliseconds from a tap to its screen's content, by the route the tap opens. */
export type ByRoute = ReadonlyMap<string, number>;

/**
 * The times of those of `routes` that were measured, for a row's percentile. Throws when none was
 * (NAV_TAPS chose other taps): a row over nothing is no row.
 */
export function timesOf(times: ByRoute, routes: readonly string[]): number[] {
  const chosen = [...times].filter(([route]) => routes.includes(route)).map(([, ms]) => ms);
  if (chosen.length === 0) throw new Error(`none of ${routes.join(', ')} was tapped (NAV_TAPS)`);
  return chosen;
}

/** One screen's time. Throws when it was not tapped (NAV_TAPS chose other taps). */
export function timeOf(times: ByRoute, route: string): number {
  const ms = times.get(route);
  if (ms === undefined) throw new Error(`${route} was not tapped (NAV_TAPS)`);
  return ms;
}

/** A screen's first visit beside its repeat visit: `ratio` = first ÷ again. */
export type OverFloor = { route: string; first: number; again: number; ratio: number };

/**
 * The screen whose first visit takes the most times its repeat visit, among those measured both
 * ways (a repeat of 0 ms, no frame at all, counts as infinitely far). Throws when there is none.
 */
export function worstOverFloor(first: ByRoute, again: ByRoute): OverFloor {
  let worst: OverFloor | undefined;
  for (const [route, ms] of first) {
    const floor = again.get(route);
    if (floor === undefined) continue;
    const ratio = floor > 0 ? ms / floor : Number.POSITIVE_INFINITY;
    if (!worst || ratio > worst.ratio) worst = { route, first: ms, again: floor, ratio };
  }
  if (!worst) throw new Error('no screen was measured on both visits');
  return worst;
}

/** The times as a note lists them (`tabbar/home 842, user/assets 310`), those of `routes` only when given. */
export function listed(times: ByRoute, routes?: readonly string[]): string {
  return [...times]
    .filter(([route]) => !routes || routes.includes(route))
    .map(([route, ms]) => `${route.replace('/pages/', '')} ${Math.round(ms)}`)
    .join(', ');
}
