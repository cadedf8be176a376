import Decimal from 'decimal.js';
import { memo } from 'react';
import { useTranslation } from '../../i18n-hook';
import type { Locale } from '../../../domain/format/locale';
import type { OptionKind } from '../../../domain/protocol/options';
import { money, price } from './format';
import { payoff } from './pricing';

const W = 320;
const H = 150;
const PAD = 12;

type Props = {
  kind: OptionKind;
  strike: string;
  /** Per share, as quoted. */
  premium: string;
  breakeven: string;
  spot: string;
  multiplier: number;
  scale: number;
  locale: Locale;
};

/**
 * P&L at expiry of one contract over the underlying's price (fees aside): a hockey stick whose
 * floor is the premium paid. Coordinates are display-only floats; the labelled figures are the
 * Decimal ones the ticket shows. Memoised: its props are all plain values, which a keystroke in
 * the contracts field or the confirmation sheet opening leaves as they are.
 */
export const PayoffChart = memo(function PayoffChart({
  kind,
  strike,
  premium,
  breakeven,
  spot,
  multiplier,
  scale,
  locale,
}: Props) {
  const { t } = useTranslation('options');
  const k = new Decimal(strike);
  // Wide enough for the strike, the breakeven and today's price, with room either side.
  const span = Decimal.max(
    k.times('0.06'),
    k.minus(breakeven).abs().times(3),
    k.minus(spot).abs().times('1.4'),
  );
  const lo = Decimal.max(k.minus(span), 0);
  const hi = k.plus(span);
  const pnl = (s: Decimal) => payoff(kind, k, s).minus(premium).times(multiplier);
  const xs = [lo, k, hi];
  const ys = xs.map(pnl);
  const loss = new Decimal(premium).times(multiplier).neg();
  const top = Decimal.max(...ys, loss.abs());
  const bottom = loss.times('1.3');
  const x = (s: Decimal.Value) =>
    PAD +
    new Decimal(s)
      .minus(lo)
      .div(hi.minus(lo))
      .times(W - 2 * PAD)
      .toNumber();
  const y = (v: Decimal.Value) =>
    PAD +
    top
      .minus(v)
      .div(top.minus(bottom))
      .times(H - 2 * PAD)
      .toNumber();
  const points = xs.map((s, i) => `${x(s).toFixed(1)},${y(ys[i] ?? 0).toFixed(1)}`).join(' ');
  const zero = y(0);
  const marks = [
    { id: 'strike', at: strike, label: t('chart.strike') },
    { id: 'breakeven', at: breakeven, label: t('chart.breakeven') },
    { id: 'spot', at: spot, label: t('chart.spot') },
  ].filter((mark) => new Decimal(mark.at).gte(lo) && new Decimal(mark.at).lte(hi));
  return (
    <figure className="payoff" data-testid="payoff-chart">
      <figcaption className="payoff__title">{t('chart.title')}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('chart.label', {
          breakeven: price(breakeven, locale, scale),
          strike: price(strike, locale, scale),
          spot: price(spot, locale, scale),
          loss: money(loss.abs().toFixed(), locale),
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
        <text className="payoff__floor" x={PAD} y={y(loss) - 4}>
          {t('chart.max_loss')} <tspan data-testid="payoff-floor">{money(loss.toFixed(), locale)}</tspan>
        </text>
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
        {/* Labels after every line, haloed, so no line runs through a price. */}
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
      </svg>
    </figure>
  );
});
