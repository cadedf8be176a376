/** How far a finger must pull the list down (after resistance) for a release to refresh it. */
export const PULL_THRESHOLD_PX = 64;
/** Where the indicator rests while the refresh runs. */
export const PULL_REST_PX = 48;
const PULL_MAX_PX = 128;

/**
 * The list's offset for a finger `dy` px below where it touched: half the finger's travel, then
 * less and less towards a limit, as iOS and Android lists resist a pull — never past the limit.
 */
export function pullDistance(dy: number): number {
  if (!(dy > 0)) return 0;
  const half = dy / 2;
  if (half <= PULL_THRESHOLD_PX) return half;
  const over = half - PULL_THRESHOLD_PX;
  const room = PULL_MAX_PX - PULL_THRESHOLD_PX;
  return PULL_THRESHOLD_PX + room * (1 - Math.exp(-over / room));
}
