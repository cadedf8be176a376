import { useCallback, useEffect, useRef, useState } from 'react';
import type { OptionQuote, OptionQuoteRequest } from '../../../domain/protocol/options';
import { quoteOption } from './option-calls';
import { isApiError } from '../../api/request';
import { useErrorText } from '../../components/content/state-views';
import { useNow } from '../../components/content/use-now';

export type SheetQuote = {
  /** The broker's figures, honoured until `quote.validUntil`; null while asked for or after a failure. */
  quote: OptionQuote | null;
  status: 'loading' | 'ready' | 'error';
  /** The failure's words (status 'error'). */
  error: string;
  /** Whole seconds left (0 once expired). */
  secondsLeft: number;
  /** Past its life by our clock, or refused as stale by the broker: it can no longer be confirmed. */
  expired: boolean;
  /** Asks for a new quote (its figures replace the old ones before anything can be confirmed). */
  refresh: () => void;
  /** The broker refused the quote (QUOTE_EXPIRED with a clock ahead of ours, …): expired. */
  stale: () => void;
};

/**
 * The confirm sheet's quote (DECISIONS §2: every cost shown before money moves, never charged
 * more than shown): asked for when the sheet opens, counted down on the server's clock, and
 * expired a second early so a tap in its last second does not reach the broker after it.
 */
export function useSheetQuote(request: OptionQuoteRequest): SheetQuote {
  const errorText = useErrorText();
  const [state, setState] = useState<Pick<SheetQuote, 'quote' | 'status' | 'error'> & { refused: boolean }>({
    quote: null,
    status: 'loading',
    error: '',
    refused: false,
  });
  const asked = useRef(0);
  const key = JSON.stringify(request);
  const refresh = useCallback(() => {
    const n = ++asked.current;
    setState({ quote: null, status: 'loading', error: '', refused: false });
    quoteOption(JSON.parse(key) as OptionQuoteRequest, { silent: true }).then(
      (quote) => {
        if (n === asked.current) setState({ quote, status: 'ready', error: '', refused: false });
      },
      (error: unknown) => {
        if (n !== asked.current || (isApiError(error) && error.kind === 'session')) return;
        setState({ quote: null, status: 'error', error: errorText(error), refused: false });
      },
    );
  }, [key, errorText]);
  // An answer after the sheet closed (or the terms changed) is dropped.
  const forget = () => void asked.current++;
  useEffect(() => {
    refresh();
    return forget;
    // Asked once per terms: a new errorText (language) does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const now = useNow(state.quote?.quoteId ?? null);
  const left = state.quote ? Math.floor((state.quote.validUntil - now) / 1000) : 0;
  const secondsLeft = Math.max(0, left);
  return {
    quote: state.quote,
    status: state.status,
    error: state.error,
    secondsLeft,
    expired: state.refused || (state.quote !== null && secondsLeft <= 0),
    refresh,
    stale: () => setState((s) => ({ ...s, refused: true })),
  };
}
