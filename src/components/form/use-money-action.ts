import { useState } from 'react';
import { isApiError } from '../../api/request';
import { isFinalRefusal, RequestIntent } from '../../state/request-intent';
import { useErrorText } from '../content/state-views';
import { useOneAtATime } from './use-one-at-a-time';

type IntentValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** What one send of a money action came to. */
export type MoneyOutcome<T> =
  | { status: 'done'; result: T }
  | { status: 'refused'; error: unknown; text: string }
  /** A second press while the first was on its way, or a session that ended (the app signs out). */
  | { status: 'ignored' };

export type MoneyActionOptions = {
  /** The intent's form name (state/request-intent.ts), when a retry must move the money once. */
  form?: string | undefined;
  /** How the form's ids are made: an order ticket's are client order ids (api/client-order-id.ts). */
  newId?: () => string;
  /**
   * The form confirms in a sheet that can ask for the trade password. The profile the sheet
   * read may be out of date: when the broker answers TRADE_PASSWORD_REQUIRED, `askPassword`
   * turns on and the sheet asks for it on the next try instead of refusing the action.
   */
  passwordSheet?: boolean;
};

/** Refusals the user fixes inside the confirm sheet: a mistyped, malformed or missing password. */
export const PASSWORD_KEYS: ReadonlySet<string> = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_FORMAT',
  'TRADE_PASSWORD_REQUIRED',
]);

/** Whether a refusal is about the confirmation's password (the sheet stays open for another try). */
export const isPasswordRefusal = (error: unknown): boolean =>
  isApiError(error) && error.key !== undefined && PASSWORD_KEYS.has(error.key);

/**
 * The one way a form moves money: busy while the request is out, one request at a time (a second
 * tap before the answer sends nothing), one requestId per intent when the form names one (a retry
 * after a lost answer moves the money once, state/request-intent.ts), and the refusal in the
 * user's words. A session that expired is left to the app (it signs out and says so), not shown
 * as this form's error.
 */
export function useMoneyAction(options: string | MoneyActionOptions = {}) {
  const { form, newId, passwordSheet = false } = typeof options === 'string' ? { form: options } : options;
  const errorText = useErrorText();
  const gate = useOneAtATime();
  const [error, setError] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [intent] = useState(() => (form === undefined ? null : new RequestIntent(form, newId)));

  async function attempt<T>(send: (requestId: string) => Promise<T>, values: IntentValues) {
    setError('');
    try {
      const result = await send(intent ? intent.idFor(values) : '');
      intent?.done();
      return { status: 'done', result } as const;
    } catch (caught) {
      if (isApiError(caught) && caught.kind === 'session') return { status: 'ignored' } as const;
      if (passwordSheet && isApiError(caught) && caught.key === 'TRADE_PASSWORD_REQUIRED')
        setAskPassword(true);
      if (isFinalRefusal(caught)) intent?.done();
      const text = errorText(caught);
      setError(text);
      return { status: 'refused', error: caught, text } as const;
    }
  }

  async function run<T>(
    send: (requestId: string) => Promise<T>,
    values: IntentValues = {},
  ): Promise<MoneyOutcome<T>> {
    const guarded = await gate.once(() => attempt(send, values));
    return guarded.ran ? guarded.value : { status: 'ignored' };
  }

  return { busy: gate.busy, error, setError, askPassword, run };
}
export type MoneyAction = ReturnType<typeof useMoneyAction>;
