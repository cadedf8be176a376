import { useState } from 'react';
import type { ExchangeQuote } from '../../../domain/protocol/exchange';
import { exchangeEndpoints } from '../../../domain/protocol/endpoints/exchange';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { useMoneyAction } from '../../components/form/use-money-action';
import { useTranslation } from '../../i18n/hook';

/**
 * What the user asks to convert. Sent without a quote id it asks for the live quote (nothing moves);
 * with the quote id and the trade password it books exactly that quote, once per request id.
 */
export type ExchangeTerms = { from: string; to: string; amount: string };

/** Refusals about the amount: shown under the amount field, not as a banner. */
const AMOUNT_KEYS = new Set([
  'INSUFFICIENT_BALANCE',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_PRECISION',
  'AMOUNT_NOT_POSITIVE',
]);
/** The quote is gone (expired, or no longer valid): the card asks for a new one. */
const STALE_KEYS = new Set(['QUOTE_EXPIRED', 'QUOTE_NOT_FOUND']);

export type Done = { quote: ExchangeQuote; transactionId: string };

/** Asks for the live quote for these terms; a refusal goes under the amount or above the form. */
function useQuoteAsk() {
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [terms, setTerms] = useState<ExchangeTerms | null>(null);
  const [staleText, setStaleText] = useState<string | null>(null);
  const [amountError, setAmountError] = useState('');
  const [formError, setFormError] = useState('');
  const asking = useMoneyAction();

  function clear() {
    setQuote(null);
    setTerms(null);
    setStaleText(null);
    setFormError('');
    setAmountError('');
  }

  async function ask(next: ExchangeTerms) {
    setFormError('');
    setAmountError('');
    const outcome = await asking.run(() => call(exchangeEndpoints.exchange, next, { silent: true }));
    if (outcome.status === 'done') {
      setQuote(outcome.result.quote);
      setTerms(next);
      setStaleText(null);
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      setQuote(null);
      // Shown where it belongs (under the field, or above the form), not twice.
      asking.setError('');
      if (isApiError(error) && error.key !== undefined && AMOUNT_KEYS.has(error.key))
        setAmountError(outcome.text);
      else setFormError(outcome.text);
    }
  }

  return {
    quote,
    terms,
    staleText,
    amountError,
    formError,
    busy: asking.busy,
    setQuote,
    setStaleText,
    setFormError,
    clear,
    ask,
  };
}

/**
 * Quote → confirm → book. Terms changed → the quote is dropped (`clear`). The quote is booked only
 * as quoted: a refusal because it expired keeps it on screen, marked expired with the server's
 * words, until the user asks for a fresh one.
 */
export function useQuoteFlow(onBooked: () => void) {
  const { t } = useTranslation('exchange');
  const quoting = useQuoteAsk();
  const { quote, terms } = quoting;
  const [sheetOpen, setSheetOpen] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  // One requestId per conversion the user means (its terms, not its quote): a confirmation again
  // after a lost answer gets the booking's answer, and one at a fresh quote after a booking that
  // did go through is refused (REQUEST_ID_REUSED, "check your records") instead of converting twice.
  // A refusal that is the conversion's answer lets the id go (nothing was booked under it); one
  // whose outcome is unknown (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED) keeps it (useMoneyAction).
  const booking = useMoneyAction('exchange');

  async function book(tradePassword: string | undefined) {
    if (!quote || !terms) return;
    const outcome = await booking.run(
      (requestId) =>
        call(
          exchangeEndpoints.exchange,
          { ...terms, quoteId: quote.quoteId, tradePassword: tradePassword ?? '', requestId },
          { silent: true },
        ),
      terms,
    );
    if (outcome.status === 'done') {
      const answer = outcome.result;
      if (answer.executed) setDone({ quote: answer.quote, transactionId: answer.transactionId });
      setSheetOpen(false);
      onBooked();
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      if (isApiError(error) && error.key === 'REQUEST_ID_REUSED') {
        // These terms were sent already under this id by a confirmation whose answer was lost, and
        // booked (or, after the broker's own failure, perhaps booked: server/http/once.ts keeps
        // such an id claimed). One more tap in this sheet would convert a second time. The quote
        // goes with the sheet, the words stay above the form, and converting again means asking
        // for a new quote. The broker's own words ("used for another operation; nothing was
        // done") read as if nothing had happened: the screen says what the refusal means here.
        booking.setError('');
        setSheetOpen(false);
        quoting.setQuote(null);
        quoting.setFormError(t('form.already_booked'));
        onBooked();
      } else if (isApiError(error) && error.key !== undefined && STALE_KEYS.has(error.key)) {
        booking.setError('');
        setSheetOpen(false);
        quoting.setStaleText(outcome.text);
      }
      // Anything else stays in the sheet (booking.error) for another try.
    }
  }

  return {
    quote,
    terms,
    busy: quoting.busy || booking.busy,
    staleText: quoting.staleText,
    amountError: quoting.amountError,
    formError: quoting.formError,
    sheetOpen,
    sheetError: booking.error,
    done,
    ask: quoting.ask,
    clear: quoting.clear,
    book,
    refresh: () => (terms ? quoting.ask(terms) : Promise.resolve()),
    openSheet: () => {
      booking.setError('');
      setSheetOpen(true);
    },
    closeSheet: () => setSheetOpen(false),
    again: () => {
      setDone(null);
      quoting.clear();
    },
  };
}
