import Decimal from 'decimal.js';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionQuote, OptionRule } from '../../../domain/protocol/options';
import { applyOption } from './option-calls';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { quotedBuyFigures, type BuyFigures } from './figures';
import { count, price, share } from './format';
import type { Pick } from './option-picker';
import { OptionSheet, type SheetOutcome } from './option-sheet';
import { costRows, optionLabel } from './ticket-figures';
import { useSheetQuote } from './use-sheet-quote';
import { formatTry } from '../../../domain/format/number';

/** How far above the ticket's estimate a quote's cost may be before the sheet says so. */
const QUOTE_RISE_NOTICE = '0.05';

/** What the ticket asks to buy: the pick and count, and its own figures when the sheet opened. */
export type PendingBuy = { pick: Pick; contracts: bigint; figures: BuyFigures };

/** The purchase's terms as the quote and the buy send them. */
type BuyTerms = {
  symbol: string;
  kind: Pick['kind'];
  strike: string;
  expiresAt: string;
  contracts: string;
};

/**
 * The buy's confirmation: the broker's quote for exactly this pick and count, its figures (not
 * the ticket's model estimate) and how long they hold; confirmed with the quote's id, so the
 * premium shown is the premium charged.
 */
export function BuySheet({
  rule,
  pending,
  ...outcome
}: {
  rule: OptionRule;
  pending: PendingBuy;
} & SheetOutcome) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  const scale = rule.priceScale;
  const { pick, contracts } = pending;
  const terms: BuyTerms = {
    symbol: rule.symbol,
    kind: pick.kind,
    strike: pick.strike,
    // Form fields, as every field of the body is (the contract parses them back).
    expiresAt: String(pick.expiresAt),
    contracts: contracts.toString(),
  };
  const sheetQuote = useSheetQuote({ side: 'buy', ...terms });
  const quote = sheetQuote.quote;
  const figures = quote ? quotedBuyFigures(pick, quote, pending.figures) : null;
  // The quote is priced on the underlying's latest print; near expiry a tick can move an
  // out-of-the-money premium several times over. Said beside the figures, not left to be found
  // by comparing them with the ticket's behind the sheet.
  const estimate = pending.figures.cost;
  const rise =
    quote && estimate !== null && new Decimal(estimate).gt(0)
      ? new Decimal(quote.total).div(estimate).minus(1)
      : null;
  const rows = [
    {
      label: t('sheet.option'),
      value: `${rule.symbol} · ${optionLabel(pick.kind, pick.strike, t, locale, scale)}`,
      testId: 'sheet-option',
    },
    { label: t('expiry.label'), value: formatDateTime(pick.expiresAt, locale), testId: 'sheet-expiry' },
    { label: t('ticket.contracts'), value: count(contracts.toString(), locale), testId: 'sheet-contracts' },
    { label: t('ticket.spot'), value: price(quote?.spot, locale, scale), testId: 'sheet-spot' },
    ...costRows(figures, t, locale, scale),
  ];
  return (
    <OptionSheet
      title={t('sheet.buy_title')}
      rows={rows}
      costs={
        <BuyCosts
          rule={rule}
          quote={quote}
          rise={rise !== null && rise.gt(QUOTE_RISE_NOTICE) ? rise : null}
          estimate={estimate}
        />
      }
      tone="buy"
      confirmLabel={t('sheet.confirm_buy')}
      quote={sheetQuote}
      // One requestId per purchase, whatever its quote: a confirmation again after a lost answer
      // buys once, and one at a new quote after a purchase that did go through is refused
      // (REQUEST_ID_REUSED, "check your records") instead of buying a second position.
      intent={{ form: 'option-order', values: terms }}
      send={(quoteId, tradePassword, requestId) => sendBuy(terms, quote, quoteId, tradePassword, requestId)}
      {...outcome}
      testId="option-confirm"
    />
  );
}

/** Beside the figures: a quote well above the ticket's estimate, the most it can lose, the close spread. */
function BuyCosts({
  rule,
  quote,
  rise,
  estimate,
}: {
  rule: OptionRule;
  quote: OptionQuote | null;
  rise: Decimal | null;
  estimate: string | null;
}) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  const scale = rule.priceScale;
  return (
    <>
      {quote && rise !== null && (
        <p className="options-risk" data-testid="sheet-quote-rise">
          {t('sheet.quote_rise', {
            rise: share(rise.toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(), locale),
            estimate: formatTry(estimate, locale),
            spot: price(quote.spot, locale, scale),
          })}
        </p>
      )}
      {quote && (
        <p className="options-risk" data-testid="sheet-max-loss">
          {t('ticket.max_loss', { amount: formatTry(quote.total, locale) })}
        </p>
      )}
      <p className="hint" data-testid="sheet-close-spread">
        {t('ticket.close_spread', { spread: share(rule.closeSpread, locale) })}
      </p>
    </>
  );
}

/** Buys at the quote confirmed, under the purchase's one request id. */
function sendBuy(
  terms: BuyTerms,
  quote: OptionQuote | null,
  quoteId: string,
  tradePassword: string | undefined,
  requestId: string,
) {
  return applyOption(
    {
      action: 'buy',
      ...terms,
      premium: quote?.premium ?? '',
      quoteId,
      requestId,
      ...(tradePassword === undefined ? {} : { tradePassword }),
    },
    { silent: true },
  );
}
