import { useState } from 'react';
import type { ExchangeQuote } from '../../../domain/protocol/funding';
import { executeQuote, requestQuote, type ExchangeTerms } from '../../api/exchange';
import { isApiError } from '../../api/request';
import { isFinalRefusal, RequestIntent } from '../../api/request-id';
import { useErrorText } from '../../components/content/state-views';
import { useTranslation } from '../../i18n-hook';

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

/**
 * Quote → confirm → book. Terms changed → the quote is dropped (`clear`). The quote is booked only
 * as quoted: a refusal because it expired keeps it on screen, marked expired with the server's
 * words, until the user asks for a fresh one.
 */
export function useQuoteFlow(onBooked: () => void) {
  const errorText = useErrorText();
  const { t } = useTranslation('exchange');
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [terms, setTerms] = useState<ExchangeTerms | null>(null);
  const [busy, setBusy] = useState(false);
  const [staleText, setStaleText] = useState<string | null>(null);
  const [amountError, setAmountError] = useState('');
  const [formError, setFormError] = useState('');
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetError, setSheetError] = useState('');
  const [done, setDone] = useState<Done | null>(null);
  // One requestId per conversion the user means (its terms, not its quote): a confirmation again
  // after a lost answer gets the booking's answer, and one at a fresh quote after a booking that
  // did go through is refused (REQUEST_ID_REUSED, "check your records") instead of converting twice.
  const [intent] = useState(() => new RequestIntent('exchange'));

  function clear() {
    setQuote(null);
    setTerms(null);
    setStaleText(null);
    setFormError('');
    setAmountError('');
  }

  async function ask(next: ExchangeTerms) {
    setBusy(true);
    setFormError('');
    setAmountError('');
    try {
      const answer = await requestQuote(next, { silent: true });
      setQuote(answer.quote);
      setTerms(next);
      setStaleText(null);
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      setQuote(null);
      if (isApiError(error) && error.key !== undefined && AMOUNT_KEYS.has(error.key))
        setAmountError(errorText(error));
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function book(tradePassword: string | undefined) {
    if (!quote || !terms) return;
    setBusy(true);
    setSheetError('');
    try {
      const answer = await executeQuote(
        {
          ...terms,
          quoteId: quote.quoteId,
          tradePassword: tradePassword ?? '',
          requestId: intent.idFor(terms),
        },
        { silent: true },
      );
      intent.done();
      if (answer.executed) setDone({ quote: answer.quote, transactionId: answer.transactionId });
      setSheetOpen(false);
      onBooked();
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      // A refusal is this conversion's answer: nothing was booked under its id (the broker lets a
      // refused id go). The next confirmation is a new conversion: kept, the id answered every
      // later one with REQUEST_ID_REUSED until the amount changed. Not one whose outcome is unknown
      // (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED): the booking may have gone through.
      if (isFinalRefusal(error)) intent.done();
      if (isApiError(error) && error.key === 'REQUEST_ID_REUSED') {
        // These terms were sent already under this id by a confirmation whose answer was lost, and
        // booked (or, after the broker's own failure, perhaps booked: server/http/once.ts keeps
        // such an id claimed). One more tap in this sheet would convert a second time. The quote goes with the sheet,
        // the words stay above the form, and converting again means asking for a new quote. The
        // broker's own words ("used for another operation; nothing was done") read as if nothing
        // had happened: the screen says what the refusal means here.
        setSheetOpen(false);
        setQuote(null);
        setFormError(t('form.already_booked'));
        onBooked();
      } else if (isApiError(error) && error.key !== undefined && STALE_KEYS.has(error.key)) {
        setSheetOpen(false);
        setStaleText(errorText(error));
      } else setSheetError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return {
    quote,
    terms,
    busy,
    staleText,
    amountError,
    formError,
    sheetOpen,
    sheetError,
    done,
    ask,
    clear,
    book,
    refresh: () => (terms ? ask(terms) : Promise.resolve()),
    openSheet: () => {
      setSheetError('');
      setSheetOpen(true);
    },
    closeSheet: () => setSheetOpen(false),
    again: () => {
      setDone(null);
      clear();
    },
  };
}
