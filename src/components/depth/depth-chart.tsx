import '../../styles/instrument.css';
import '../../i18n/instrument';
import { useSnapshot } from 'valtio';
import { depthCurve, type DepthPoint } from '../../../domain/chart/depth';
import { formatCompact, formatPrice } from '../../../domain/format/number';
import { useTranslation } from '../../i18n/hook';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { isStale, StreamNote, useStreamHealth } from '../market/stream-note';

const W = 200;
const H = 100;

/** Levels a side adds up, as many as the book shows (book-view.tsx). */
const DEPTH = 20;

type Props = {
  symbol: string;
  priceScale: number;
  depth?: number;
  /** Under the book: lower, and the stream's note left to the book above it. */
  compact?: boolean;
};

/**
 * Cumulative bids (left, green) and asks (right, red) of the book the worker keeps, as stepped
 * areas on one quantity scale. SVG stretched to its box: the steps stay crisp at any size, and a
 * book patch redraws two paths, not a canvas.
 */
export function DepthChart({ symbol, priceScale, depth = DEPTH, compact = false }: Props) {
  const { t } = useTranslation('instrument');
  const { lang } = useSnapshot(prefs);
  const book = useSnapshot(market).books[symbol];
  const health = useStreamHealth(`book|${symbol}`);
  const stale = book?.state === 'resyncing' || isStale(health);
  const curve = depthCurve(
    { prices: book?.bids ?? [], qty: book?.bidQty ?? {} },
    { prices: book?.asks ?? [], qty: book?.askQty ?? {} },
    depth,
  );
  const lowest = curve.bids.at(-1)?.price ?? curve.asks[0]?.price;
  const highest = curve.asks.at(-1)?.price ?? curve.bids[0]?.price;
  const lo = Number(lowest);
  const hi = Number(highest);
  const max = Number(curve.max);
  const empty = curve.bids.length + curve.asks.length === 0 || !(max > 0);
  const x = (price: string) => (hi > lo ? ((Number(price) - lo) / (hi - lo)) * W : W / 2);
  const y = (total: string) => H - (Number(total) / max) * H * 0.95;

  return (
    <figure
      className={`depth-chart${compact ? ' depth-chart--compact' : ''}${stale ? ' depth-chart--stale' : ''}`}
      data-testid="depth-chart"
      data-bids={curve.bids.length}
      data-asks={curve.asks.length}
      aria-label={t('depth.chart')}
    >
      {!compact && <StreamNote health={health} testId="depth-stale" className="depth-chart__stale" />}
      {empty ? (
        <p className="depth-chart__empty">{t('depth.empty')}</p>
      ) : (
        <svg
          className="depth-chart__plot"
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <path className="depth-chart__bids" d={stepPath(curve.bids, x, y)} />
          <path className="depth-chart__asks" d={stepPath(curve.asks, x, y)} />
        </svg>
      )}
      {!empty && (
        <figcaption className="depth-chart__axis num">
          <span>{formatPrice(lowest, lang, priceScale)}</span>
          <span>{formatPrice(highest, lang, priceScale)}</span>
          <span className="text-up">
            {t('depth.bids', { total: formatCompact(curve.bids.at(-1)?.total ?? '0', lang) })}
          </span>
          <span className="text-down">
            {t('depth.asks', { total: formatCompact(curve.asks.at(-1)?.total ?? '0', lang) })}
          </span>
        </figcaption>
      )}
    </figure>
  );
}

/** A closed stepped area from the best price outward: each level raises the total at its price. */
function stepPath(
  points: readonly DepthPoint[],
  x: (price: string) => number,
  y: (total: string) => number,
): string {
  const first = points[0];
  if (!first) return '';
  let d = `M${x(first.price)},${H}`;
  let level = H;
  for (const point of points) {
    const at = x(point.price);
    d += `L${at},${level}`;
    level = y(point.total);
    d += `L${at},${level}`;
  }
  return `${d}L${x(points.at(-1)!.price)},${H}Z`;
}
