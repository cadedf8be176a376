import type Decimal from 'decimal.js';
import { CLOSE_PERCENTS, type ClosePercent } from '../../../domain/contracts/close-part';
import type { CloseEstimate } from '../../../domain/contracts/close-estimate';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal, formatPrice } from '../../../domain/format/number';
import type { ContractPosition } from '../../../domain/protocol/contracts';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import type { FigureRow } from '../../components/trade/figure-rows';

export type Scales = (symbol: string) => { priceScale: number; qtyScale: number };
export type Translate = (key: string, params?: Record<string, unknown>) => string;

// A no-break space: the sign never wraps away from its figure.
export const about = (text: string) => (text === '--' ? text : `≈\u00a0${text}`);
/**
 * A figure kept on one line: the rows' values may break anywhere (figure-rows), and a long Turkish
 * label beside a total broke "USDT" in two; the label wraps instead.
 */
export const whole = (text: string) => <span className="figure-whole">{text}</span>;

/** What a close of one position takes: the part (null: all of it) and what stays open. */
export type ClosingShare = {
  percent: ClosePercent;
  part: Decimal | null;
  rest: Decimal | null;
  /** The share rounds down to nothing: there is no such part to close. */
  tooSmall: boolean;
};

/** How a sheet names sizes and says things: the symbol's decimals, its base coin, the words. */
export type Lookups = { scales: Scales; base: (symbol: string) => string; t: Translate; lang: Locale };

/**
 * The title, the question and the rows above the breakdown: one position's (the part the slider
 * takes, and what stays open), or none for all.
 */
export function headline(
  one: ContractPosition | undefined,
  share: ClosingShare,
  estimate: CloseEstimate | null,
  count: number,
  { scales, base, t, lang }: Lookups,
): { title: string; question: string; summary: FigureRow[] } {
  if (!one)
    return {
      title: t('positions.close_all_confirm.title'),
      question: t('positions.close_all_confirm.text', { count }),
      summary: [],
    };
  const { priceScale, qtyScale } = scales(one.symbol);
  const side = t(`ticket.${one.side}`);
  // Inside a sentence the side is a common noun: "close this long", not "this Long".
  const sideInText = t(`ticket.side_lower.${one.side}`);
  const amount = (value: string) => formatDecimal(value, lang, { decimals: qtyScale });
  const total = amount(one.qty);
  const symbol = base(one.symbol);
  const taken = share.part && share.rest ? amount(share.part.toFixed()) : total;
  return {
    title: t('positions.close_confirm.title', { symbol: one.symbol, side, leverage: one.leverage }),
    question:
      share.part && share.rest
        ? t('positions.close_confirm.text_part', { side: sideInText, qty: taken, total, symbol })
        : t('positions.close_confirm.text', { side: sideInText, qty: total, symbol }),
    summary: [
      { label: t('positions.size'), value: `${taken} ${symbol}`, testId: 'close-size' },
      ...(share.part && share.rest
        ? [
            {
              label: t('positions.close_confirm.remaining'),
              value: `${amount(share.rest.toFixed())} ${symbol}`,
              testId: 'close-remaining',
            },
          ]
        : []),
      { label: t('positions.entry'), value: formatPrice(one.entryPrice, lang, priceScale) },
      {
        label: t('positions.close_confirm.exit_price'),
        value: whole(about(estimate ? formatPrice(estimate.price.toFixed(), lang, priceScale) : '--')),
        testId: 'close-exit-price',
      },
    ],
  };
}

/** The close slider: 25, 50, 75 or 100 % of the position, in one drag or tap on its track. */
export function CloseShareSlider({
  percent,
  onChange,
}: {
  percent: ClosePercent;
  onChange: (percent: ClosePercent) => void;
}) {
  const { t } = useTranslation('contract');
  const label = (value: number) => t('positions.close_confirm.percent', { value });
  return (
    <div className="close-share">
      <label className="close-share__label" htmlFor="close-share">
        <span>{t('positions.close_confirm.share')}</span>
        <strong className="num" data-testid="close-share-value">
          {label(percent)}
        </strong>
      </label>
      <input
        id="close-share"
        className="close-share__range"
        type="range"
        min={CLOSE_PERCENTS[0]}
        max={100}
        step={25}
        value={percent}
        aria-valuetext={label(percent)}
        data-testid="close-share"
        onChange={(event) => onChange(Number(event.target.value) as ClosePercent)}
      />
      <div className="close-share__marks num" aria-hidden="true">
        {CLOSE_PERCENTS.map((value) => (
          <span key={value}>{label(value)}</span>
        ))}
      </div>
    </div>
  );
}

/** What closing all touches, each position by name: symbol, side and leverage, size. */
export function CloseTouches({
  positions,
  scales,
  base,
}: {
  positions: readonly ContractPosition[];
  scales: Scales;
  base: (symbol: string) => string;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  return (
    <div className="close-touches">
      <p>{t('positions.close_all_confirm.touches', { count: positions.length })}</p>
      <ul data-testid="close-touches">
        {positions.map((p) => (
          <li key={p.id} data-testid="close-touch">
            <span>
              {p.symbol} · {t(`ticket.${p.side}`)} {p.leverage}×
            </span>
            <span className="num">
              {formatDecimal(p.qty, lang, { decimals: scales(p.symbol).qtyScale })} {base(p.symbol)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Under a part's figures: the TP/SL stay on the rest; a share too small to close is refused. */
export function CloseShareNotes({
  one,
  share,
  scales,
  base,
}: {
  one: ContractPosition;
  share: ClosingShare;
  scales: Scales;
  base: (symbol: string) => string;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const triggers = one.takeProfit !== null || one.stopLoss !== null;
  return (
    <>
      {share.rest && triggers && (
        <p className="hint" data-testid="close-triggers-stay">
          {t('positions.close_confirm.triggers_stay', {
            qty: formatDecimal(share.rest.toFixed(), lang, { decimals: scales(one.symbol).qtyScale }),
            symbol: base(one.symbol),
          })}
        </p>
      )}
      {share.tooSmall && (
        <p className="ticket__notice" role="alert" data-testid="close-too-small">
          {t('positions.close_confirm.too_small')}
        </p>
      )}
    </>
  );
}

/** Above the rows: the slider for one position, the question, and for all each one closed. */
export function CloseLead({
  one,
  percent,
  onPercent,
  question,
  positions,
  scales,
  base,
}: {
  one: ContractPosition | undefined;
  percent: ClosePercent;
  onPercent: (percent: ClosePercent) => void;
  question: string;
  positions: readonly ContractPosition[];
  scales: Scales;
  base: (symbol: string) => string;
}) {
  return (
    <>
      {one && <CloseShareSlider percent={percent} onChange={onPercent} />}
      <p data-testid="close-question">{question}</p>
      {!one && <CloseTouches positions={positions} scales={scales} base={base} />}
    </>
  );
}
