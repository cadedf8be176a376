// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
import { useState } from 'react';
import { isPasswordRefusal, useMoneyAction } from '../form/use-money-action';

type IntentValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * The confirm step of a product form that moves money with the trade password (IPO application,
 * coin sale commitment, loans, robots, AI products): the sheet, the money action behind it
 * (busy, one request at a time, one requestId per intent when `form` names one), and where a
 * refusal is shown — a password refusal inside the sheet for another try; anything else closes
 * it, shows the server's words on the form and asks the caller to re-read what it offered (it
 * may have closed, or been applied for already).
 */
export function usePasswordConfirm<T>(callbacks: {
  onDone: (result: T) => void;
  onRefused: () => void;
  /** The intent's form name (state/request-intent.ts), when a retry must move the money once. */
  form?: string;
}) {
  const action = useMoneyAction(callbacks.form);
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState('');
  const send = async (request: (requestId: string) => Promise<T>, values?: IntentValues) => {
    const outcome = await action.run(request, values);
    if (outcome.status === 'done') {
      setOpen(false);
      callbacks.onDone(outcome.result);
    } else if (outcome.status === 'refused') {
      if (isPasswordRefusal(outcome.error)) return;
      action.setError('');
      setOpen(false);
      setFormError(outcome.text);
      callbacks.onRefused();
    }
  };
  return {
    open,
    busy: action.busy,
    sheetError: action.error,
    formError,
    setFormError,
    /** Opens the sheet after the form's own checks passed. */
    show: () => {
      action.setError('');
      setOpen(true);
    },
    close: () => setOpen(false),
    send,
  };
}
