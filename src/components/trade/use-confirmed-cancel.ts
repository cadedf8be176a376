import { NAMED_IDS_MAX, type SpotOrder } from '../../../domain/protocol/trading';
import { confirm, type ConfirmOptions } from '../../services/modal';
import { showToast } from '../../services/toast';
import { useErrorText } from '../content/state-views';
import { useMoneyAction } from '../form/use-money-action';

/** The open orders a cancel-all names: the newest `NAMED_IDS_MAX`, and how many the broker holds. */
export type NamedOrders = { list: readonly SpotOrder[]; total: number };

/** A cancel-all of named orders: how they are read, asked about, sent, and the outcome said. */
export type CancelNamed = {
  /** The open orders now, a page of `size`. */
  read: (size: number) => Promise<NamedOrders>;
  question: (named: NamedOrders) => ConfirmOptions;
  /** Cancels the orders of these ids (comma-separated); `gone`: those no longer live. */
  send: (ids: string) => Promise<{ cancelled: readonly unknown[]; gone: readonly string[] }>;
  /** The toast after: how many were cancelled, and how many had finished meanwhile. */
  doneText: (counts: { cancelled: number; gone: number }) => string;
};

/**
 * Cancelling from a list after the user confirms, as a money action (a cancel frees a hold): busy
 * while the request is out, one at a time, the outcome said in a toast (a refusal in the user's
 * words), and `done` either way, so the list is read again and shows what the broker now holds.
 */
export function useConfirmedCancel(done: () => void) {
  const action = useMoneyAction();
  const errorText = useErrorText();
  async function run<T>(
    question: ConfirmOptions,
    send: () => Promise<T>,
    doneText: string | ((answer: T) => string),
  ) {
    if (!(await confirm(question))) return;
    const outcome = await action.run(send);
    if (outcome.status === 'done')
      showToast(typeof doneText === 'string' ? doneText : doneText(outcome.result));
    else if (outcome.status === 'refused') showToast(outcome.text);
    done();
  }
  /**
   * Cancel-all: the open orders are read when the user taps, the question names them, and only
   * their ids are sent, so an order placed meanwhile (from another device) is not cancelled unnamed.
   */
  async function runNamed({ read, question, send, doneText }: CancelNamed) {
    let named: NamedOrders;
    try {
      named = await read(NAMED_IDS_MAX);
    } catch (error) {
      showToast(errorText(error));
      return;
    }
    if (named.list.length === 0) return done();
    const ids = named.list.map((order) => order.id).join(',');
    await run(
      question(named),
      () => send(ids),
      (answer) => doneText({ cancelled: answer.cancelled.length, gone: answer.gone.length }),
    );
  }
  return { busy: action.busy, run, runNamed };
}
