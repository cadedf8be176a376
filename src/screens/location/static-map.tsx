import { useTranslation } from '../../i18n/hook';
import { mapView, stepDecimals } from '../../../domain/geo/map-view';

const WIDTH = 358;
const HEIGHT = 200;
/** Room a longitude label needs ("28,9775°" at 10 px): closer lines label every other one. */
const LABEL_PX = 60;

/**
 * A small map of one point drawn here, without tiles: round-degree grid lines with their values,
 * the fix's accuracy circle, a marker, north and a scale bar. Tiles would tell a third party
 * where the user stands and fail offline (DECISIONS §3); the `geo:` link beside it hands the
 * point to the device's own maps app for streets.
 */
export function StaticMap({
  lat,
  lng,
  accuracyM = null,
  testId,
}: {
  lat: number;
  lng: number;
  accuracyM?: number | null;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('location');
  const view = mapView({ lat, lng }, WIDTH, HEIGHT, accuracyM);
  const decimals = stepDecimals(view.stepDegrees);
  const degrees = (value: number) =>
    `${value.toLocaleString(i18n.language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}°`;
  const metres = view.scale.metres.toLocaleString(i18n.language);
  const [first, second] = view.meridians;
  const every = first && second && second.at - first.at < LABEL_PX ? 2 : 1;
  const labelled = (value: number) => Math.round(value / view.stepDegrees) % every === 0;
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const label = t('map.label', {
    coords: `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
    accuracy: accuracyM === null ? '' : t('map.accuracy', { m: Math.round(accuracyM) }),
  }).trim();
  return (
    <figure className="static-map" data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <rect className="static-map__ground" width={WIDTH} height={HEIGHT} />
        {view.meridians.map((line) => (
          <g key={`m${line.degrees}`} className="static-map__grid">
            <line x1={line.at} x2={line.at} y1={0} y2={HEIGHT} />
            {labelled(line.degrees) && line.at + LABEL_PX <= WIDTH && (
              <text x={line.at + 3} y={12}>
                {degrees(line.degrees)}
              </text>
            )}
          </g>
        ))}
        {view.parallels.map((line) => (
          <g key={`p${line.degrees}`} className="static-map__grid">
            <line x1={0} x2={WIDTH} y1={line.at} y2={line.at} />
            {line.at > 24 && (
              <text x={4} y={line.at - 3}>
                {degrees(line.degrees)}
              </text>
            )}
          </g>
        ))}
        {view.accuracyPx !== null && (
          <circle className="static-map__accuracy" cx={cx} cy={cy} r={view.accuracyPx} />
        )}
        <path
          className="static-map__pin"
          d={`M${cx} ${cy} l-9 -14 a11 11 0 1 1 18 0 z`}
          data-testid={testId ? `${testId}-pin` : undefined}
        />
        <circle className="static-map__pin-dot" cx={cx} cy={cy - 20} r={4} />
        <g className="static-map__north" transform={`translate(${WIDTH - 18} ${HEIGHT - 52})`}>
          <path d="M0 -10 L6 6 L0 2 L-6 6 Z" />
          <text y={18}>{t('map.north')}</text>
        </g>
        <g
          className="static-map__scale"
          transform={`translate(${WIDTH - 12 - view.scale.px} ${HEIGHT - 14})`}
        >
          <path d={`M0 -4 V0 H${view.scale.px} V-4`} />
          <text x={view.scale.px / 2} y={-7}>
            {t('map.metres', { m: metres })}
          </text>
        </g>
      </svg>
    </figure>
  );
}
