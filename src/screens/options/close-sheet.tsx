import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import { useSnapshot } from 'valtio';
import type { OptionPosition, OptionRule } from '../../../domain/protocol/options';
import { applyOption } from './option-calls';
import type { FigureRow } from '../../components/trade/figure-rows';
import { toneOf } from '../../components/tone';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { quotedCloseFigures, type CloseFigures } from './figures';
import { count, premiumText, price, share, signedMoney } from './format';
import { OptionSheet, type SheetOutcome } from './option-sheet';
import { optionLabel } from './ticket-figures';
import { useSheetQuote } from './use-sheet-quote';
import { formatTry } from '../../../domain/format/number';

/** The position to close and its model figures when the sheet opened. */
export type PendingClose = { position: OptionPosition; figures: CloseFigures };

/**
 * An early close's confirmation: the broker's quote for this position, what it pays exactly and
 * how long that holds; confirmed with the quote's id, so the proceeds shown are the proceeds paid.
 */
export function CloseSheet({
  rule,
  pending,
  ...outcome
}: {
  rule: OptionRule;
  pending: PendingClose;
} & SheetOutcome) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  const scale = rule.priceScale;
  const { position } = pending;
  // How many to close: all by default; fewer closes part, the rest staying open.
  const [closing, setClosing] = useState(position.contracts);
  const part = closing === position.contracts ? {} : { contracts: closing };
  const sheetQuote = useSheetQuote({ side: 'close', id: position.id, ...part });
  const quote = sheetQuote.quote;
  const f = quote ? quotedCloseFigures(position, quote, pending.figures) : null;
  const rows: FigureRow[] = [
    {
      label: t('sheet.option'),
      value: `${position.symbol} · ${optionLabel(position.kind, position.strike, t, locale, scale)}`,
    },
    {
      label: t('positions.close_contracts'),
      value: <CloseCount held={position.contracts} closing={closing} onChange={setClosing} />,
    },
    ...quotedRows(quote?.spot, f, rule, t, locale),
  ];
  return (
    <OptionSheet
      title={t('sheet.close_title')}
      rows={rows}
      costs={null}
      tone="sell"
      confirmLabel={t('sheet.confirm_close')}
      quote={sheetQuote}
      send={(quoteId, tradePassword) =>
        applyOption(
          {
            action: 'close',
            id: position.id,
            ...part,
            premium: quote?.premium ?? '',
            quoteId,
            ...(tradePassword === undefined ? {} : { tradePassword }),
          },
          { silent: true },
        )
      }
      {...outcome}
      testId="option-close-confirm"
    />
  );
}

/** How many of the held contracts to close: a choice from 1 to all, or the one there is. */
function CloseCount({
  held,
  closing,
  onChange,
}: {
  held: string;
  closing: string;
  onChange: (closing: string) => void;
}) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  return held === '1' ? (
    count(held, locale)
  ) : (
    <select
      className="options-close-count"
      data-testid="close-contracts"
      aria-label={t('positions.close_contracts')}
      value={closing}
      onChange={(event) => onChange(event.target.value)}
    >
      {countsUpTo(held).map((n) => (
        <option key={n} value={n}>
          {n === held ? t('positions.close_all', { contracts: count(n, locale) }) : count(n, locale)}
        </option>
      ))}
    </select>
  );
}

/** What the quote says the close pays: at which spot and premium, after the fee, and its result. */
function quotedRows(
  spot: string | undefined,
  f: CloseFigures | null,
  rule: OptionRule,
  t: TFunction<'options'>,
  locale: Locale,
): FigureRow[] {
  const scale = rule.priceScale;
  return [
    { label: t('positions.spot'), value: price(spot, locale, scale), testId: 'close-spot' },
    // No model premium here: the one the row showed was on another tick than the quote's spot.
    {
      label: t('positions.close_premium', { spread: share(rule.closeSpread, locale) }),
      value: premiumText(f?.closePremium, locale),
      testId: 'close-premium',
    },
    { label: t('positions.gross'), value: formatTry(f?.gross, locale), testId: 'close-gross' },
    { label: t('ticket.fee'), value: formatTry(f?.fee, locale), testId: 'close-fee' },
    {
      label: t('positions.proceeds'),
      value: formatTry(f?.proceeds, locale),
      tone: 'strong',
      testId: 'close-proceeds',
    },
    {
      label: t('positions.pnl_close'),
      value: signedMoney(f?.pnl, locale),
      tone: toneOf(f?.pnl),
      testId: 'close-pnl',
    },
  ];
}

/** "1" … "held": the counts a close may take (a position holds at most the rule's maximum per order). */
function countsUpTo(held: string): string[] {
  return Array.from({ length: Number(held) }, (_, i) => String(i + 1));
}
