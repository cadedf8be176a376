import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { OptionPosition } from '../../../domain/protocol/options';
import { isApiError } from '../../api/request';
import { isPasswordRefusal, useMoneyAction } from '../../components/form/use-money-action';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { useTranslation } from '../../i18n/hook';
import { account, loadProfile } from '../../state/account';
import type { SheetQuote } from './use-sheet-quote';
import { Button } from '../../components/button';

/**
 * How long a re-priced sheet refuses a confirmation: longer than a double-tap or a burst of taps
 * on a slow answer (a second tap has landed 30–500 ms after the new premium appeared and
 * bought at it, +4.6 % to +9.6 %), short enough not to be in the way of a deliberate one.
 */
export const REPRICE_HOLD_MS = 1200;

/**
 * The quote is no longer good (expired by the broker's clock, gone, the stock moved a tick from
 * it, or — kept for safety — priced otherwise): the sheet says so and offers a new one, whose
 * figures are seen before confirming.
 */
const STALE_KEYS: ReadonlySet<string> = new Set([
  'QUOTE_EXPIRED',
  'QUOTE_NOT_FOUND',
  'OPTION_QUOTE_STALE',
  'OPTION_PRICE_CHANGED',
]);

/** How a buy or close sheet ends, as its screen handles it: the new position, a refusal, or a cancel. */
export type SheetOutcome = {
  onDone: (position: OptionPosition) => void;
  /** A final refusal, in words: the sheet closes and the ticket shows it. */
  /** A refusal's words, and its key for a caller that acts on it (the risk check's link). */
  onRefused: (message: string, key?: string) => void;
  onCancel: () => void;
};

type Props = SheetOutcome & {
  title: string;
  /** The figures, from `quote` once it is there (dashes while it is asked for). */
  rows: readonly FigureRow[];
  costs: ReactNode;
  tone: 'buy' | 'sell';
  confirmLabel: string;
  quote: SheetQuote;
  /**
   * The purchase's intent (state/request-intent.ts), when a confirmation again after a lost answer
   * must buy once: its form and the terms it is one intent for (not the premium: a re-priced retry
   * of a purchase that went through is refused as REQUEST_ID_REUSED instead of buying twice).
   */
  intent?: { form: string; values: Readonly<Record<string, string>> };
  send: (quoteId: string, tradePassword: string | undefined, requestId: string) => Promise<OptionPosition>;
  testId: string;
};

/**
 * The confirmation of a buy or a close at a quote the broker honours for a few seconds: every
 * figure is the quote's, with the time it holds; confirm only while it does. Past it (or refused
 * as stale) the sheet says so and offers a new quote, whose figures are shown before confirm is
 * possible again. The trade password when the user turned on order confirmation (DECISIONS §3;
 * asked for anyway if the server says it is needed); refusals are shown by their key's words.
 */
export function OptionSheet(props: Props) {
  const { send, onDone, onRefused, quote } = props;
  const { profile, profileStatus } = useSnapshot(account);
  const action = useMoneyAction({ form: props.intent?.form, passwordSheet: true });
  const quoteId = quote.quote?.quoteId ?? null;
  const hold = useRepriceHold(quoteId);

  useEffect(() => {
    if (profileStatus === 'idle') void loadProfile();
  }, [profileStatus]);

  const confirm = async (tradePassword: string | undefined) => {
    if (quoteId === null || quote.expired) return;
    const outcome = await action.run(
      (requestId) => send(quoteId, tradePassword, requestId),
      props.intent?.values ?? {},
    );
    if (outcome.status === 'done') onDone(outcome.result);
    if (outcome.status !== 'refused') return;
    const { error } = outcome;
    const key = isApiError(error) ? error.key : undefined;
    if (key !== undefined && STALE_KEYS.has(key)) {
      action.setError('');
      quote.stale();
    } else if (isApiError(error) && error.kind === 'business' && !isPasswordRefusal(error)) {
      action.setError('');
      onRefused(outcome.text, key);
    }
    // A lost answer or a password to retype: the sheet stays and says why, so the same quote can
    // be confirmed again.
  };
  const { busy, error } = action;

  return (
    <ConfirmSheet
      title={props.title}
      rows={props.rows}
      costs={
        <>
          {props.costs}
          <QuoteStatus quote={quote} busy={busy} id={props.testId} />
        </>
      }
      needPassword={profile?.confirmOrdersWithTradePassword === true || action.askPassword}
      tone={props.tone}
      confirmLabel={props.confirmLabel}
      busy={busy}
      hold={hold || quote.status !== 'ready' || quote.expired}
      error={error}
      onConfirm={(password) => void confirm(password)}
      onCancel={props.onCancel}
      testId={props.testId}
    />
  );
}

/**
 * True for a moment after the quote is replaced by a new one: its figures must be on screen a
 * moment before a tap counts.
 */
function useRepriceHold(quoteId: string | null): boolean {
  const [repricedAt, setRepricedAt] = useState(0);
  const hold = repricedAt > 0;
  const seen = useRef<string | null>(null);

  // A new quote after an earlier one: its figures must be on screen a moment before a tap counts.
  useEffect(() => {
    if (quoteId === null) return;
    if (seen.current !== null && seen.current !== quoteId) setRepricedAt(Date.now());
    seen.current = quoteId;
  }, [quoteId]);

  useEffect(() => {
    if (!repricedAt) return;
    const timer = setTimeout(() => setRepricedAt(0), REPRICE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [repricedAt]);
  return hold;
}

/** How long the quote holds, or that it is being asked for, failed or ran out (with a new one). */
function QuoteStatus({ quote, busy, id }: { quote: SheetQuote; busy: boolean; id: string }) {
  const { t } = useTranslation('options');
  return quote.status === 'loading' ? (
    <p className="options-quote hint" role="status" data-testid={`${id}-quote-loading`}>
      {t('quote.loading')}
    </p>
  ) : quote.status === 'error' ? (
    <div className="options-quote">
      <p className="options-quote__expired" role="alert" data-testid={`${id}-quote-error`}>
        {quote.error || t('quote.failed')}
      </p>
      <Button look="primary" testId={`${id}-quote-retry`} onClick={quote.refresh}>
        {t('quote.retry')}
      </Button>
    </div>
  ) : quote.expired ? (
    <div className="options-quote">
      <p className="options-quote__expired" role="status" data-testid={`${id}-quote-expired`}>
        {t('quote.expired')}
      </p>
      <Button look="primary" testId={`${id}-quote-refresh`} disabled={busy} onClick={quote.refresh}>
        {t('quote.refresh')}
      </Button>
    </div>
  ) : (
    <p className="options-quote">
      <span className="options-quote__timer" role="timer" data-testid={`${id}-quote-timer`}>
        {t('quote.valid', { seconds: quote.secondsLeft })}
      </span>
      <span className="hint">{t('quote.held')}</span>
    </p>
  );
}
