import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { fundingPayment } from '../../../domain/contracts/funding';
import { chargeDecimals, chargeRemainderDecimals, shownBreakdown } from '../../../domain/format/addends';
import { USDT_SCALE } from '../../../domain/format/money';
import { formatDecimal, formatMoney, formatPercent, formatPrice } from '../../../domain/format/number';
import type { ContractOpenRequest, ContractRules, PositionSide } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { Link } from 'wouter';
import { ratePercent } from './fee-rates';
import { useMessageText } from './message';
import { SideSwitch } from './pair-head';
import { inputTextOf, stepCanonical } from './steps';
import { Segmented } from '../../components/form/segmented';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import { CostBreakdown, type FigureRow } from '../../components/trade/figure-rows';
import { FundingHint } from '../../components/trade/funding-hint';
import { Stepper } from '../../components/trade/stepper';
import '../../components/trade/ticket-amount-namespace';
import { useSteadyDecimals } from '../../components/trade/use-steady-decimals';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { evaluateTicket, type SizeMode, type TicketPreview } from './contract-ticket-logic';
import type { CoinPair } from './use-coin-pair';
import { initialLeverage, rememberLeverage } from './leverage-choice';
import { paths } from '../../routes/paths';

/** `places`: the decimals of its margin, fee and cost rows (they add up as shown). */
export type OpenIntent = {
  request: ContractOpenRequest;
  preview: TicketPreview;
  rows: FigureRow[];
  places: number;
};

/**
 * Margin + fee = cost, as shown: the fewest decimals from `min` at which they add up with the fee
 * shown truncated or a unit up (domain/format/addends.ts); USDT's 8 at most, where all are exact.
 */
export const costPlaces = (preview: TicketPreview | null, min = 2): number =>
  preview
    ? (chargeRemainderDecimals(
        [preview.cost.margin, preview.cost.fee],
        preview.cost.total,
        min,
        USDT_SCALE,
      ) ?? USDT_SCALE)
    : min;

/** Where USDT comes into the contract account: from the crypto account (DECISIONS: transfers between them). */
const TRANSFER_PATH = paths.cryptoTransfer;

/** Margin, fee and cost as shown at `places` (domain/format/addends.ts: they add up). */
const shownCost = (preview: TicketPreview | null, places: number) =>
  preview ? shownBreakdown([preview.cost.margin, preview.cost.fee], preview.cost.total, places) : null;

/** The cost row under the preview (the ticket's and the confirmation's), in the rows' decimals. */
export function costText(
  preview: TicketPreview | null,
  lang: 'tr-TR' | 'en-US',
  places = costPlaces(preview),
): string {
  const cost = shownCost(preview, places);
  return cost ? `${formatMoney(cost.total, lang, { decimals: places })} USDT` : '--';
}

/**
 * The preview rows shown before the open button and again in the confirmation. The liquidation
 * fee row names its rate and what it would take in money at the liquidation price (DECISIONS §2).
 */
export function previewRows(
  preview: TicketPreview | null,
  rules: Pick<ContractRules, 'liquidationFeeRate'>,
  priceScale: number,
  qtyScale: number,
  base: string,
  t: (key: string, params?: Record<string, string>) => string,
  lang: 'tr-TR' | 'en-US',
  places = costPlaces(preview),
  funding: Funding | null = null,
): FigureRow[] {
  // Money in the contract account's currency, named: "199.97" alone read as any currency (audit).
  const usd = (value: { toFixed: () => string } | string | undefined, decimals = 2) =>
    value === undefined
      ? '--'
      : `${formatMoney(typeof value === 'string' ? value : value.toFixed(), lang, { decimals })} USDT`;
  const [margin, fee] = shownCost(preview, places)?.parts ?? [];
  return [
    {
      label: t('ticket.quantity'),
      value: preview
        ? `${formatDecimal(preview.cost.qty.toFixed(), lang, { decimals: qtyScale })} ${base}`
        : '--',
      testId: 'ticket-qty',
    },
    { label: t('ticket.notional'), value: usd(preview?.cost.notional), testId: 'ticket-notional' },
    { label: t('ticket.margin'), value: usd(margin, places), testId: 'ticket-margin' },
    { label: t('ticket.open_fee'), value: usd(fee, places), testId: 'ticket-fee' },
    ...(funding ? [fundingRow(preview, funding, t, lang)] : []),
    {
      label: t('ticket.liq_price'),
      value: preview
        ? preview.liquidationPrice
          ? formatPrice(preview.liquidationPrice, lang, priceScale)
          : t('ticket.liq_none')
        : '--',
      testId: 'ticket-liq',
    },
    {
      label: t('ticket.liq_fee', { rate: ratePercent(rules.liquidationFeeRate, lang) }),
      value: preview
        ? preview.liquidation
          ? // A no-break space: the sign never wraps away from its figure.
            `≈\u00a0${formatMoney(preview.liquidation.liquidationFee.toFixed(), lang)} USDT`
          : t('ticket.liq_none')
        : '--',
      testId: 'ticket-liq-fee',
    },
  ];
}

/** The live funding rate (a percent per interval, null until the mark stream sent one) for a side. */
export type Funding = { rate: string | null; side: PositionSide; mark: string | null; intervalMs: number };

/**
 * What the position would pay or receive at each funding boundary at the rate now (DECISIONS §2:
 * every cost before money moves; the risk disclosure says "at the rate shown"): the rate and the
 * money, by domain/contracts fundingPayment, the rule the server charges with.
 */
function fundingRow(
  preview: TicketPreview | null,
  funding: Funding,
  t: (key: string, params?: Record<string, string>) => string,
  lang: 'tr-TR' | 'en-US',
): FigureRow {
  const label = t('ticket.funding', { hours: String(Math.round(funding.intervalMs / 3_600_000)) });
  const { rate, mark } = funding;
  if (rate === null) return { label, value: t('ticket.funding_unknown'), testId: 'ticket-funding' };
  const shownRate = formatPercent(rate, lang, { decimals: 4, signed: true });
  if (!preview || mark === null) return { label, value: shownRate, testId: 'ticket-funding' };
  const pay = fundingPayment(funding.side, preview.cost.qty, mark, rate);
  const amount = formatMoney(pay.abs().toFixed(), lang, { decimals: chargeDecimals(pay) });
  const key = pay.isZero()
    ? 'ticket.funding_none'
    : pay.gt(0)
      ? 'ticket.funding_pay'
      : 'ticket.funding_receive';
  return { label, value: t(key, { rate: shownRate, amount }), testId: 'ticket-funding' };
}

/** Long/short, leverage, margin or quantity, optional TP/SL; cost and liquidation price before the button. */
export function ContractTicket({
  pair,
  info,
  rules,
  available,
  opened,
  onOpen,
}: {
  pair: CoinPair;
  info: CoinInfo;
  rules: ContractRules;
  available: string;
  /** How many positions this panel has opened: each one empties the ticket (side and leverage stay). */
  opened: number;
  onOpen: (intent: OpenIntent) => void;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  const message = useMessageText();
  // The book: a position opens on the levels it takes, and the preview is priced there.
  useTopic({ kind: 'book', market: 'coin', symbol: info.symbol });
  const { books } = useSnapshot(market);
  const [side, setSide] = useState<PositionSide>('long');
  const [leverage, setLeverage] = useState(() => initialLeverage(info.symbol, rules.choices));
  const [mode, setMode] = useState<SizeMode>('margin');
  const sizeScale = mode === 'margin' ? 2 : info.qtyScale;
  const sizeStep = mode === 'margin' ? '1' : info.minQty;
  const sizeField = useAmountField({ decimals: sizeScale, unit: mode === 'margin' ? 'USDT' : info.base });
  const tpField = useAmountField({ decimals: info.priceScale, unit: info.quote });
  const slField = useAmountField({ decimals: info.priceScale, unit: info.quote });
  // The ticket's rules read typed text in the user's locale, ungrouped.
  const size = inputTextOf(sizeField.value, lang);
  const takeProfit = inputTextOf(tpField.value, lang);
  const stopLoss = inputTextOf(slField.value, lang);
  // A filled-in ticket left after an open is one tap from a second, identical position.
  const [seenOpened, setSeenOpened] = useState(opened);
  const steadyDecimals = useSteadyDecimals();
  if (seenOpened !== opened) {
    setSeenOpened(opened);
    sizeField.set('');
    tpField.set('');
    slField.set('');
  }
  const state = evaluateTicket(
    { symbol: info.symbol, side, leverage, mode, size, takeProfit, stopLoss },
    {
      price: pair.last,
      book: books[info.symbol],
      feed: pair.feed,
      rules,
      priceScale: info.priceScale,
      qtyScale: info.qtyScale,
      available,
      locale: lang,
    },
  );
  const places = steadyDecimals(`${info.symbol}|${side}|${leverage}|${mode}|${size}`, (min) =>
    costPlaces(state.preview, min),
  );
  const rows = previewRows(
    state.preview,
    rules,
    info.priceScale,
    info.qtyScale,
    info.base,
    t as (key: string, params?: Record<string, string>) => string,
    lang,
    places,
    { rate: pair.funding, side, mark: pair.mark ?? pair.last, intervalMs: rules.fundingIntervalMs },
  );
  return (
    <form
      className="ticket"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (state.request && state.preview)
          onOpen({ request: state.request, preview: state.preview, rows, places });
      }}
    >
      <SideSwitch<PositionSide>
        label={t('ticket.side_label')}
        value={side}
        onChange={setSide}
        options={[
          { value: 'long', label: t('ticket.long'), testId: 'ticket-long' },
          { value: 'short', label: t('ticket.short'), testId: 'ticket-short' },
        ]}
      />
      <span className="field-label" id="leverage-label">
        {t('ticket.leverage')}
      </span>
      <div className="chips" role="radiogroup" aria-labelledby="leverage-label">
        {rules.choices.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            className="chip"
            aria-checked={choice === leverage}
            data-testid={`leverage-${choice}`}
            onClick={() => {
              setLeverage(choice);
              rememberLeverage(info.symbol, choice);
            }}
          >
            {choice}×
          </button>
        ))}
      </div>
      <p className="hint" data-testid="leverage-note">
        {t('leverage_note', { ns: 'ticketAmount' })}
      </p>
      <Segmented<SizeMode>
        label={t('ticket.size_mode')}
        value={mode}
        onChange={(next) => {
          setMode(next);
          sizeField.set('');
        }}
        options={[
          { value: 'margin', label: t('ticket.by_margin'), testId: 'ticket-mode-margin' },
          {
            value: 'quantity',
            label: t('ticket.by_quantity', { base: info.base }),
            testId: 'ticket-mode-quantity',
          },
        ]}
      />
      <Stepper
        field={sizeField}
        label={mode === 'margin' ? t('ticket.by_margin') : t('ticket.by_quantity', { base: info.base })}
        onStep={(direction) => sizeField.set(stepCanonical(sizeField.value, sizeStep, sizeScale, direction))}
        decreaseLabel={t('step_down')}
        increaseLabel={t('step_up')}
        error={message(state.errors.size)}
        testId="ticket-size"
      />
      <p className="ticket__row">
        <span>{t('available')}</span>
        <span>
          <span className="num" data-testid="ticket-available">
            {formatMoney(available, lang)} USDT
          </span>{' '}
          <Link className="text-link" href={TRANSFER_PATH} data-testid="ticket-transfer">
            {t('transfer_link')}
          </Link>
        </span>
      </p>
      {/* No margin to open with: say where it comes from (the crypto account), not only the small link. */}
      {new Decimal(available).lte(0) && (
        <FundingHint
          text={t('no_usdt_contract')}
          href={TRANSFER_PATH}
          label={t('transfer_usdt')}
          testId="ticket-no-usdt"
        />
      )}
      <div className="trigger-pair">
        <AmountField
          field={tpField}
          label={t('ticket.take_profit')}
          testId="ticket-tp"
          otherError={message(state.errors.takeProfit)}
        />
        <AmountField
          field={slField}
          label={t('ticket.stop_loss')}
          testId="ticket-sl"
          otherError={message(state.errors.stopLoss)}
        />
      </div>
      <p className="hint">{t('ticket.trigger_hint')}</p>
      <CostBreakdown
        title={t('ticket.preview')}
        rows={rows}
        total={{
          label: t('ticket.cost'),
          value: costText(state.preview, lang, places),
          testId: 'ticket-cost',
        }}
        testId="ticket-preview"
      />
      {state.blocked && (
        <p
          className="ticket__reason"
          role="status"
          data-testid="ticket-blocked"
          data-reason={state.blocked.key}
        >
          {message(state.blocked)}
        </p>
      )}
      <button
        type="submit"
        className={`button ticket__submit ticket__submit--${side === 'long' ? 'buy' : 'sell'}`}
        disabled={!state.request || [sizeField, tpField, slField].some((field) => field.error !== '')}
        data-testid="ticket-open"
      >
        {t(side === 'long' ? 'ticket.open_long' : 'ticket.open_short', { leverage })}
      </button>
    </form>
  );
}
