import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { chargeRemainderDecimals, shownBreakdown } from '../../../domain/format/addends';
import { USDT_SCALE } from '../../../domain/format/money';
import { closeEstimate, closeTotals, type CloseTotals } from '../../../domain/contracts/close-estimate';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney } from '../../../domain/format/number';
import { closeQuantity, closingPart, type ClosePercent } from '../../../domain/contracts/close-part';
import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import { ratePercent } from './fee-rates';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { toneOf } from '../../components/tone';
import { CostBreakdown, type FigureRow } from '../../components/trade/figure-rows';
import { useSteadyDecimals } from './use-steady-decimals';
import { instrumentFeed } from '../../market/stream-feed';
import { market } from '../../state/market';
import { livePositions } from '../../state/positions';
import { prefs } from '../../state/prefs';
import {
  about,
  CloseLead,
  CloseShareNotes,
  headline,
  whole,
  type ClosingShare,
  type Scales,
  type Translate,
} from './close-sheet-parts';

/** `ids`: the positions open when the user asked to close all, the only ones the confirm closes. */
export type CloseTarget = { kind: 'one'; id: string } | { kind: 'all'; ids: readonly string[] };

const USDT = 'USDT';
const usdt = (value: string | undefined, lang: Locale, decimals = 2, signed = false) =>
  whole(about(value === undefined ? '--' : formatMoney(value, lang, { currency: USDT, decimals, signed })));

/**
 * The breakdown's addends, in the order shown: the margin released, the P&L, the loss past the
 * margin that the user does not pay (only when there is one), less the fee; the total is what comes
 * back. They add up exactly (closeEstimate), and as shown (domain/format/addends.ts).
 */
const addends = (totals: CloseTotals): Decimal[] => [
  totals.margin,
  totals.pnl,
  ...(totals.absorbed.isZero() ? [] : [totals.absorbed]),
  totals.fee.neg(),
];

/** The live close estimates of these positions, their totals, and the decimals the rows show. */
function useCloseFigures(
  positions: readonly ContractPosition[],
  rules: Pick<ContractRules, 'feeRate' | 'liquidationFeeRate'>,
) {
  const { lang } = useSnapshot(prefs);
  const live = useSnapshot(livePositions).byId;
  const snap = useSnapshot(market);
  const symbols = [...new Set(positions.map((p) => p.symbol))];
  const feed = snap.started
    ? instrumentFeed(
        snap.feed.state,
        symbols.map((s) => snap.streams[`mark|${s}`]?.state),
      )
    : 'connecting';
  const priceOf = (p: ContractPosition) => live[p.id]?.mark ?? snap.marks[p.symbol]?.mark ?? null;
  const estimates = positions.map((p) => {
    const price = priceOf(p);
    return price === null ? null : closeEstimate(p, price, rules);
  });
  const totals = closeTotals(estimates);
  // Steady while the price moves, for these positions (use-steady-decimals.ts).
  const steadyDecimals = useSteadyDecimals();
  const margin = positions.reduce((sum, p) => sum.plus(p.margin), new Decimal(0));
  const key = positions.map((p) => `${p.id}:${p.qty}`).join(',');
  // The fewest decimals at which the rows add up with the fee shown truncated or a unit up
  // (domain/format/addends.ts): two or three nearly always; USDT's 8 at most, where every figure
  // is exact.
  const places =
    totals === null
      ? 2
      : steadyDecimals(
          key,
          (min) => chargeRemainderDecimals(addends(totals), totals.returned, min, USDT_SCALE) ?? USDT_SCALE,
        );
  const shown = totals === null ? null : shownBreakdown(addends(totals), totals.returned, places);
  // A close takes risk off: it is never held back by the feed. The broker fills it from its own
  // book; without a live price here only the estimate is missing, and the sheet says so.
  const caution =
    totals === null
      ? 'positions.close_confirm.no_price'
      : feed !== 'live' && feed !== 'polling'
        ? 'positions.close_confirm.stale'
        : null;
  return { lang, caution, estimates, totals, places, shown, margin };
}

/** The slider's part of one position (none: all of it) and what stays open; nothing for all positions. */
function closingShare(
  one: ContractPosition | undefined,
  percent: ClosePercent,
  scales: Scales,
): ClosingShare {
  if (!one || percent === 100) return { percent, part: null, rest: null, tooSmall: false };
  const part = closeQuantity(one.qty, percent, scales(one.symbol).qtyScale);
  return { percent, part, rest: part ? new Decimal(one.qty).minus(part) : null, tooSmall: part === null };
}

/** Margin released, P&L, the loss not charged (when there is one) and the fee, as shown at `places`. */
function breakdownRows(
  words: 'close_confirm' | 'close_all_confirm',
  figures: ReturnType<typeof useCloseFigures>,
  rate: string,
  t: Translate,
): FigureRow[] {
  const { lang, totals, shown, margin, places } = figures;
  const part = (index: number) => shown?.parts[index];
  const absorbed = totals !== null && !totals.absorbed.isZero();
  return [
    {
      label: t(`positions.${words}.margin`),
      // Known without a price: the margin the positions hold.
      value: whole(
        formatMoney(shown ? part(0) : margin.toFixed(), lang, { currency: USDT, decimals: places }),
      ),
      testId: 'close-margin',
    },
    {
      label: t(`positions.${words}.pnl`),
      value: usdt(part(1), lang, places, true),
      testId: 'close-pnl',
      // From the figure itself: a loss under a cent shows its digits, in red.
      tone: toneOf(totals?.pnl),
    },
    ...(absorbed
      ? [
          {
            label: t('positions.close_confirm.absorbed'),
            value: usdt(part(2), lang, places, true),
            testId: 'close-absorbed',
          },
        ]
      : []),
    {
      label: t(`positions.${words}.fee`, { rate }),
      value: usdt(part(absorbed ? 3 : 2), lang, places, true),
      testId: 'close-fee',
    },
  ];
}

/**
 * The last look before a position (or all of them) is closed at market (DECISIONS §2): the price
 * it is estimated to close at (the live mark the card shows), the closing fee, the P&L and what
 * returns to the contract wallet, from closeEstimate (the server's close formulas) and kept live
 * while open. Without a live price the estimate is missing, and says so; the close itself is never
 * held back (it takes risk off).
 */
export function CloseConfirmSheet({
  target,
  positions,
  rules,
  scales,
  base,
  busy,
  onConfirm,
  onCancel,
}: {
  target: CloseTarget;
  /** The open positions this closes (one, or all of them). */
  positions: readonly ContractPosition[];
  rules: Pick<ContractRules, 'feeRate' | 'liquidationFeeRate'>;
  scales: Scales;
  /** The base coin of a symbol ("BTC"), for the quantity. */
  base: (symbol: string) => string;
  busy: boolean;
  /** `quantity`: the part the slider took; none closes all of it (or all of them). */
  onConfirm: (quantity: string | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('contract');
  const one = target.kind === 'one' ? positions[0] : undefined;
  const [percent, setPercent] = useState<ClosePercent>(100);
  const share = closingShare(one, percent, scales);
  const tooSmall = one !== undefined && share.tooSmall;
  // A part is estimated as a position of its own: its size and its margin's share.
  const closing = one && share.part && share.rest ? [closingPart(one, share.part)] : positions;
  const figures = useCloseFigures(closing, rules);
  const { lang, estimates, places, shown } = figures;
  const rate = ratePercent(rules.feeRate, lang);
  const testId = one ? 'position-close-confirm' : 'positions-close-all-confirm';
  const tr = t as Translate;
  const caution = figures.caution && tr(figures.caution);
  const lookups = { scales, base, t: tr, lang };
  const { title, question, summary } = headline(one, share, estimates[0] ?? null, positions.length, lookups);
  const words = one ? 'close_confirm' : 'close_all_confirm';
  const rows = breakdownRows(words, figures, rate, tr);

  return (
    <ConfirmSheet
      title={title}
      lead={<CloseLead {...{ one, percent, question, positions, scales, base }} onPercent={setPercent} />}
      rows={summary}
      costs={
        <>
          <CostBreakdown
            title={t('positions.close_confirm.preview')}
            rows={rows}
            total={{
              label: t(`positions.${words}.returned`),
              value: usdt(shown?.total, lang, places),
              testId: 'close-return',
            }}
            testId={`${testId}-costs`}
          />
          <p className="hint">{t('positions.close_confirm.note')}</p>
          {one && <CloseShareNotes one={one} share={share} scales={scales} base={base} />}
          {caution && (
            <p className="ticket__notice" role="status" data-testid="close-caution">
              {caution}
            </p>
          )}
        </>
      }
      needPassword={false}
      // Closing a long sells, closing a short buys; closing all is both.
      tone={one ? (one.side === 'long' ? 'sell' : 'buy') : 'neutral'}
      confirmLabel={t('action.confirm', { ns: 'common' })}
      busy={busy}
      hold={tooSmall}
      error=""
      onConfirm={() => onConfirm(share.part && share.rest ? share.part.toFixed() : undefined)}
      onCancel={onCancel}
      testId={testId}
    />
  );
}
