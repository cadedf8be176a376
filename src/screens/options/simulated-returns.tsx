import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionKind, OptionRule } from '../../../domain/protocol/options';
import {
  priceStep,
  returnOf,
  simulationDates,
  valueAt,
  valueCurve,
  type ValuationTerms,
} from '../../../domain/options/simulated-returns';
import { modelTerms, modelTermsKey } from './model-terms';
import { PayoffChart } from './payoff-chart';
import { payoffRange } from './payoff-geometry';
import { premiumText, price, share, signedMoney } from './format';
import { serverNow } from '../../api/server-clock';

/** Prices a date's curve is read at: smooth at 320 px, and a month's date priced in a few ms. */
const STEPS = 40;

type Props = {
  rule: OptionRule;
  kind: OptionKind;
  strike: string;
  expiresAt: number;
  /** Per share, the quote's: what one contract pays now. */
  premium: string;
  breakeven: string;
  spot: string;
  locale: Locale;
  /** The clock the dates start from (the server's). */
  now: () => number;
};

/**
 * Simulated returns before buying: the P&L of one contract at expiry and on a chosen date across
 * a range of the underlying's price, read at a chosen price, from the model the quote itself is
 * priced with (domain/options/simulated-returns). The ticket keys it by its pick, so the axis and
 * the dates are laid out once a pick: a tick moves the premium and the curve, never the ground
 * under the user's finger. Memoised: a keystroke in the contracts field changes none of its props.
 */
export const SimulatedReturns = memo(function SimulatedReturns(props: Props) {
  const { rule, kind, strike, premium, breakeven, spot, locale } = props;
  const { t } = useTranslation('options');
  const id = useId();
  const sim = useSimulation(props);
  const { frame, dateIndex, last, chosenSpot, value, result } = sim;
  const dateText = (i: number) => {
    const date = formatDateTime(frame.dates[i], locale);
    if (i === last) return t('simulated.expiry', { date });
    return i === 0 ? t('simulated.now', { date }) : date;
  };
  const priceText = price(chosenSpot, locale, rule.priceScale);
  return (
    <section className="simret" data-testid="option-simulated" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="simret__title">
        {t('simulated.title')}
      </h3>
      <PayoffChart
        kind={kind}
        strike={strike}
        premium={premium}
        breakeven={breakeven}
        spot={spot}
        multiplier={rule.multiplier}
        scale={rule.priceScale}
        locale={locale}
        range={frame.axis}
        dated={dateIndex === last ? undefined : sim.dated}
        chosen={sim.chosen}
        datedLabel={dateText(dateIndex)}
      />
      <Slider
        id={`${id}-price`}
        label={t('simulated.price')}
        text={priceText}
        max={STEPS}
        value={sim.priceIndex ?? nearestIndex(frame.range, spot)}
        testId="simret-price"
        onChange={sim.setPriceIndex}
      />
      <Slider
        id={`${id}-date`}
        label={t('simulated.date')}
        text={dateText(dateIndex)}
        max={last}
        value={dateIndex}
        testId="simret-date"
        onChange={sim.setDateIndex}
      />
      <dl className="simret__figures">
        <div>
          <dt>{t('simulated.value')}</dt>
          <dd className="num" data-testid="simret-value">
            {premiumText(value?.toFixed(), locale)}
          </dd>
        </div>
        <div>
          <dt>{t('simulated.pnl')}</dt>
          <dd className="num" data-testid="simret-pnl">
            {signedMoney(result?.pnl.toFixed(), locale)} ({share(result?.ratio?.toFixed(), locale, true)})
          </dd>
        </div>
      </dl>
      <p className="simret__note">{t(dateIndex === last ? 'simulated.note_expiry' : 'simulated.note')}</p>
    </section>
  );
});

/**
 * The view's state and figures: the axis and dates laid out once (the ticket keys the view by
 * its pick), the chosen date's values across the range priced only when the date or the terms
 * change, the P&L from them at each new premium, and the reading at the chosen price.
 */
function useSimulation({ rule, kind, strike, expiresAt, premium, breakeven, spot, now }: Props) {
  const [frame] = useState(() => {
    const { lo, hi } = payoffRange({ strike, breakeven, spot });
    return {
      axis: { lo, hi },
      range: { lo, hi, steps: STEPS, scale: rule.priceScale },
      dates: simulationDates(now(), expiresAt),
    };
  });
  const [dateIndex, setDateIndex] = useState(0);
  const [priceIndex, setPriceIndex] = useState<number | null>(null);
  const termsKey = modelTermsKey(rule);
  const terms: ValuationTerms = useMemo(
    () => ({ kind, strike, expiresAt, rate: rule.rate, ...modelTerms(rule) }),
    // The rule's terms by value: a refetched rule with the same ones prices nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, strike, expiresAt, rule.rate, termsKey],
  );
  const last = frame.dates.length - 1;
  const at = frame.dates[dateIndex] ?? expiresAt;
  const values = useMemo(() => valueCurve(terms, frame.range, at), [terms, frame.range, at]);
  const bought = useMemo(
    () => ({ premium, multiplier: rule.multiplier, contracts: 1 }),
    [premium, rule.multiplier],
  );
  const dated = useMemo(
    () => values.map((v) => ({ spot: v.spot.toFixed(), pnl: returnOf(bought, v.value).pnl.toFixed() })),
    [values, bought],
  );
  // Today's price until the price slider is moved, so the first reading is the quote's own.
  const chosenSpot = priceIndex === null ? spot : priceStep(frame.range, priceIndex).toFixed();
  const value = useMemo(() => valueAt(terms, chosenSpot, at), [terms, chosenSpot, at]);
  const result = value === null ? null : returnOf(bought, value);
  const pnl = result?.pnl.toFixed() ?? null;
  const chosen = useMemo(() => (pnl === null ? null : { spot: chosenSpot, pnl }), [chosenSpot, pnl]);
  return {
    frame,
    last,
    dateIndex,
    setDateIndex,
    priceIndex,
    setPriceIndex,
    dated,
    chosenSpot,
    value,
    result,
    chosen,
  };
}

/** A labelled slider over whole steps, its reading beside the label and spoken as its value. */
function Slider(p: {
  id: string;
  label: string;
  text: string;
  max: number;
  value: number;
  testId: string;
  onChange: (index: number) => void;
}) {
  return (
    <>
      <label className="simret__field" htmlFor={p.id}>
        <span>{p.label}</span>
        <span className="num" data-testid={`${p.testId}-value`}>
          {p.text}
        </span>
      </label>
      <input
        id={p.id}
        type="range"
        min={0}
        max={p.max}
        step={1}
        value={p.value}
        aria-valuetext={p.text}
        data-testid={p.testId}
        onChange={(event) => p.onChange(Number(event.target.value))}
      />
    </>
  );
}

/**
 * The ticket's simulated returns for its pick: keyed by the pick, so a new one lays the axis and
 * the dates out again; plain values only, so the memoised view skips a keystroke's render.
 */
export function TicketSimulation(p: {
  rule: OptionRule;
  pick: { kind: OptionKind; strike: string; expiresAt: number };
  figures: { premium: string; breakeven: string };
  spot: string;
  locale: Locale;
}) {
  const { kind, strike, expiresAt } = p.pick;
  return (
    <SimulatedReturns
      key={`${kind} ${strike} ${expiresAt}`}
      rule={p.rule}
      kind={kind}
      strike={strike}
      expiresAt={expiresAt}
      premium={p.figures.premium}
      breakeven={p.figures.breakeven}
      spot={p.spot}
      locale={p.locale}
      now={serverNow}
    />
  );
}

/** The slider's step nearest today's price, where its knob sits until it is moved. */
function nearestIndex(range: Parameters<typeof priceStep>[0], spot: string): number {
  const lo = Number(range.lo);
  const width = Number(range.hi) - lo;
  if (!(width > 0)) return 0;
  return Math.min(range.steps, Math.max(0, Math.round(((Number(spot) - lo) / width) * range.steps)));
}
