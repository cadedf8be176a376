import { confirm, type ConfirmOptions } from '../../services/modal';
import { showToast } from '../../services/toast';
import { useMoneyAction } from '../form/use-money-action';

/**
 * Cancelling from a list after the user confirms, as a money action (a cancel frees a hold): busy
 * while the request is out, one at a time, the outcome said in a toast (a refusal in the user's
 * words), and `done` either way, so the list is read again and shows what the broker now holds.
 */
export function useConfirmedCancel(done: () => void) {
  const action = useMoneyAction();
  async function run(question: ConfirmOptions, send: () => Promise<unknown>, doneText: string) {
    if (!(await confirm(question))) return;
    const outcome = await action.run(send);
    if (outcome.status === 'done') showToast(doneText);
    else if (outcome.status === 'refused') showToast(outcome.text);
    done();
  }
  return { busy: action.busy, run };
}
