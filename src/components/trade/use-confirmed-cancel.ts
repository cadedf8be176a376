import { useState } from 'react';
import { useErrorText } from '../content/state-views';
import { confirm, type ConfirmOptions } from '../../services/modal';
import { showToast } from '../../services/toast';

/**
 * Cancelling from a list after the user confirms: busy while the request is out, the outcome said
 * in a toast (a refusal in the user's words), and `done` either way, so the list is read again and
 * shows what the broker now holds.
 */
export function useConfirmedCancel(done: () => void) {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  async function run(question: ConfirmOptions, send: () => Promise<unknown>, doneText: string) {
    if (!(await confirm(question))) return;
    setBusy(true);
    try {
      await send();
      showToast(doneText);
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setBusy(false);
      done();
    }
  }
  return { busy, run };
}
