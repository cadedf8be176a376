/**
 * The geometry of a small offline map around one point: how many metres the view spans, where
 * the round-degree grid lines fall, and a scale bar. Drawn without tiles (no third party learns
 * where the user is, and it works offline); a local equirectangular projection is exact enough
 * over the few hundred metres shown.
 */

/** Metres in one degree of latitude (mean Earth radius 6,371,008.8 m × π / 180). */
export const METRES_PER_DEGREE = 111_195;

/** The smallest view: a street's width of context even for a precise fix. */
const MIN_SPAN_M = 300;

export type MapLine = { at: number; degrees: number };
export type MapView = {
  /** Metres across the view's width. */
  spanM: number;
  /** Pixels of the accuracy circle's radius, null when the accuracy is unknown. */
  accuracyPx: number | null;
  /** Vertical lines (round longitudes) and horizontal lines (round latitudes), in pixels. */
  meridians: MapLine[];
  parallels: MapLine[];
  /** The grid's step in degrees, so labels show as many decimals as it needs. */
  stepDegrees: number;
  scale: { metres: number; px: number };
};

/** The largest 1, 2 or 5 × 10^k that is at most `value`. */
export function niceFloor(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const leading = value / power;
  return (leading >= 5 ? 5 : leading >= 2 ? 2 : 1) * power;
}

/** Decimals a grid step needs to label its lines (0.002 → 3, 0.0005 → 4). */
export function stepDecimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/**
 * The view of a `width` × `height` px map centred on (lat, lng): wide enough for the accuracy
 * circle to take at most a third of the width, round-degree grid lines about a quarter of the
 * width apart, and a scale bar of a round number of metres about a quarter of the width long.
 */
export function mapView(
  point: { lat: number; lng: number },
  width: number,
  height: number,
  accuracyM: number | null = null,
): MapView {
  const accuracy = accuracyM !== null && Number.isFinite(accuracyM) && accuracyM > 0 ? accuracyM : null;
  const spanM = Math.max(MIN_SPAN_M, accuracy === null ? 0 : accuracy * 6);
  const pxPerM = width / spanM;
  const mPerDegLng = METRES_PER_DEGREE * Math.max(Math.cos((point.lat * Math.PI) / 180), 1e-6);
  const pxPerDegLng = mPerDegLng * pxPerM;
  const pxPerDegLat = METRES_PER_DEGREE * pxPerM;
  const stepDegrees = niceFloor(spanM / 4 / METRES_PER_DEGREE);

  const lines = (centre: number, pxPerDeg: number, size: number, sign: 1 | -1): MapLine[] => {
    const half = size / 2 / pxPerDeg;
    const out: MapLine[] = [];
    for (let k = Math.ceil((centre - half) / stepDegrees); k * stepDegrees <= centre + half; k += 1) {
      const degrees = Number((k * stepDegrees).toFixed(10));
      out.push({ at: size / 2 + sign * (degrees - centre) * pxPerDeg, degrees });
    }
    return out;
  };
  const scaleM = niceFloor(spanM / 4);
  return {
    spanM,
    accuracyPx: accuracy === null ? null : accuracy * pxPerM,
    // East is right; north is up, so a larger latitude is a smaller y.
    meridians: lines(point.lng, pxPerDegLng, width, 1),
    parallels: lines(point.lat, pxPerDegLat, height, -1),
    stepDegrees,
    scale: { metres: scaleM, px: scaleM * pxPerM },
  };
}
