import { memo } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { price } from './format';
import type Decimal from 'decimal.js';
import { H, PAD, W, payoffGeometry, type PayoffShape, type PnlPoint } from './payoff-geometry';
import { formatTry } from '../../../domain/format/number';

type Props = PayoffShape & {
  scale: number;
  locale: Locale;
  /** The x axis when the simulated view holds it still; else laid around the strike, breakeven and spot. */
  range?: { lo: Decimal; hi: Decimal };
  /** The simulated P&L on the chosen date, and the point read at the chosen price. */
  dated?: readonly PnlPoint[];
  chosen?: PnlPoint | null;
  /** What the dated curve is labelled in the legend ("on 03.12.2026 18:00"). */
  datedLabel?: string;
};

/**
 * P&L at expiry of one contract over the underlying's price (fees aside): a hockey stick whose
 * floor is the premium paid. Coordinates are display-only floats; the labelled figures are the
 * Decimal ones the ticket shows. Memoised: its props are all plain values, which a keystroke in
 * the contracts field or the confirmation sheet opening leaves as they are.
 */
export const PayoffChart = memo(function PayoffChart(props: Props) {
  const { strike, breakeven, spot, scale, locale, dated, chosen } = props;
  const { t } = useTranslation('options');
  const { lo, hi, loss, x, y, points, datedPoints, zero, inRange } = payoffGeometry(
    props,
    props.range,
    dated,
  );
  const marks = [
    { id: 'strike', at: strike, label: t('chart.strike') },
    { id: 'breakeven', at: breakeven, label: t('chart.breakeven') },
    { id: 'spot', at: spot, label: t('chart.spot') },
  ].filter((mark) => inRange(mark.at));
  return (
    <figure className="payoff" data-testid="payoff-chart">
      <figcaption className="payoff__title">{t(dated ? 'chart.title_simulated' : 'chart.title')}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('chart.label', {
          breakeven: price(breakeven, locale, scale),
          strike: price(strike, locale, scale),
          spot: price(spot, locale, scale),
          loss: formatTry(loss.abs().toFixed(), locale),
        })}
      >
        <line className="payoff__axis" x1={PAD} x2={W - PAD} y1={zero} y2={zero} />
        <polygon
          className="payoff__loss"
          points={`${x(lo)},${zero} ${points} ${x(hi)},${zero}`}
          clipPath="url(#payoff-below)"
        />
        <defs>
          <clipPath id="payoff-below">
            <rect x={0} y={zero} width={W} height={H - zero} />
          </clipPath>
          <clipPath id="payoff-above">
            <rect x={0} y={0} width={W} height={zero} />
          </clipPath>
        </defs>
        <polygon
          className="payoff__gain"
          points={`${x(lo)},${zero} ${points} ${x(hi)},${zero}`}
          clipPath="url(#payoff-above)"
        />
        <polyline className="payoff__line" points={points} data-testid="payoff-line" />
        {dated && dated.length > 1 && (
          <polyline className="payoff__dated" points={datedPoints} data-testid="payoff-dated" />
        )}
        {chosen && inRange(chosen.spot) && (
          <circle
            className="payoff__chosen"
            cx={x(chosen.spot)}
            cy={y(chosen.pnl)}
            r={4}
            data-testid="payoff-chosen"
          />
        )}
        <text className="payoff__floor" x={PAD} y={y(loss) - 4}>
          {t('chart.max_loss')} <tspan data-testid="payoff-floor">{formatTry(loss.toFixed(), locale)}</tspan>
        </text>
        <PayoffMarks marks={marks} x={x} locale={locale} scale={scale} />
      </svg>
      {dated && (
        <div className="payoff__legend">
          <span className="payoff__key payoff__key--expiry">{t('chart.at_expiry')}</span>
          <span className="payoff__key payoff__key--dated" data-testid="payoff-dated-label">
            {props.datedLabel}
          </span>
        </div>
      )}
    </figure>
  );
});

type Mark = { id: string; at: string; label: string };

/** The strike, breakeven and spot lines, then their labels over every line, haloed, so no line runs through a price. */
function PayoffMarks({
  marks,
  x,
  locale,
  scale,
}: {
  marks: Mark[];
  x: (at: string) => number;
  locale: Locale;
  scale: number;
}) {
  return (
    <>
      {marks.map((mark) => (
        <line
          key={mark.id}
          className={`payoff__mark payoff__mark--${mark.id}`}
          x1={x(mark.at)}
          x2={x(mark.at)}
          y1={PAD / 2}
          y2={H - PAD / 2}
        />
      ))}
      {marks.map((mark, i) => {
        // A mark right of the middle is labelled to its left, so its price stays inside the chart.
        const left = x(mark.at) > W * 0.55;
        return (
          <text
            key={mark.id}
            className="payoff__label"
            data-testid={`payoff-${mark.id}`}
            x={x(mark.at)}
            y={PAD + i * 13}
            dx={left ? -3 : 3}
            textAnchor={left ? 'end' : 'start'}
          >
            {mark.label} {price(mark.at, locale, scale)}
          </text>
        );
      })}
    </>
  );
}
