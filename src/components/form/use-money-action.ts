import { useRef, useState } from 'react';
import { isApiError } from '../../api/request';
import { isFinalRefusal, RequestIntent } from '../../state/request-intent';
import { useErrorText } from '../content/state-views';

type IntentValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** What one send of a money action came to. */
export type MoneyOutcome<T> =
  | { status: 'done'; result: T }
  | { status: 'refused'; error: unknown; text: string }
  /** A second press while the first was on its way, or a session that ended (the app signs out). */
  | { status: 'ignored' };

/**
 * The one way a form moves money: busy while the request is out, one request at a time (a second
 * tap before the answer sends nothing; React's state alone would let a double tap through before
 * it re-renders), one requestId per intent when the form names one (a retry after a lost answer
 * moves the money once, state/request-intent.ts), and the refusal in the user's words. A session that
 * expired is left to the app (it signs out and says so), not shown as this form's error.
 */
export function useMoneyAction(form?: string) {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const inFlight = useRef(false);
  const [intent] = useState(() => (form === undefined ? null : new RequestIntent(form)));

  async function run<T>(
    send: (requestId: string) => Promise<T>,
    values: IntentValues = {},
  ): Promise<MoneyOutcome<T>> {
    if (inFlight.current) return { status: 'ignored' };
    inFlight.current = true;
    setBusy(true);
    setError('');
    try {
      const result = await send(intent ? intent.idFor(values) : '');
      intent?.done();
      return { status: 'done', result };
    } catch (caught) {
      if (isApiError(caught) && caught.kind === 'session') return { status: 'ignored' };
      if (isFinalRefusal(caught)) intent?.done();
      const text = errorText(caught);
      setError(text);
      return { status: 'refused', error: caught, text };
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}
export type MoneyAction = ReturnType<typeof useMoneyAction>;
