import { useState } from 'react';
import { isApiError } from '../../api/request';
import { useErrorText } from '../content/state-views';

/** Refusals about the password: the sheet stays open for another try. */
const PASSWORD_KEYS = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_REQUIRED',
  'TRADE_PASSWORD_FORMAT',
]);

/**
 * The confirm step of a subscription form (IPO application, coin sale commitment): the sheet,
 * its busy state, and where a refusal is shown — a password refusal inside the sheet for another
 * try; anything else closes it, shows the server's words on the form and asks the caller to
 * re-read what it offered (it may have closed, or been applied for already).
 */
export function usePasswordConfirm<T>(callbacks: { onDone: (result: T) => void; onRefused: () => void }) {
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [sheetError, setSheetError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<T>) => {
    setBusy(true);
    setSheetError('');
    try {
      const result = await request();
      setOpen(false);
      callbacks.onDone(result);
    } catch (error) {
      if (isApiError(error) && error.kind === 'session') return;
      if (isApiError(error) && error.key !== undefined && PASSWORD_KEYS.has(error.key))
        setSheetError(errorText(error));
      else {
        setOpen(false);
        setFormError(errorText(error));
        callbacks.onRefused();
      }
    } finally {
      setBusy(false);
    }
  };
  return {
    open,
    busy,
    sheetError,
    formError,
    setFormError,
    /** Opens the sheet after the form's own checks passed. */
    show: () => {
      setSheetError('');
      setOpen(true);
    },
    close: () => setOpen(false),
    send,
  };
}
