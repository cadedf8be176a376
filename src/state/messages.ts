import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { getMessages } from '../api/content';
import { session } from './session';

/**
 * The unread message count, for the badges on the Mine tab and the home header. The message
 * centre sets it from each list answer; others call refreshUnread().
 */
export const messages = proxy({ unread: 0 });

export function setUnread(count: number): void {
  messages.unread = Math.max(0, Math.trunc(count));
}

/** One message read: the badge goes down at once, before the next list answer confirms it. */
export function decrementUnread(): void {
  setUnread(messages.unread - 1);
}

/** Asks the server for the count (a one-item page carries it); failures keep the last count. */
export async function refreshUnread(): Promise<void> {
  const token = session.userToken;
  if (token === '') {
    setUnread(0);
    return;
  }
  try {
    const answer = await getMessages({ page: 1, size: 1 }, { silent: true });
    // Signed out or switched account while waiting: this count belongs to someone else.
    if (session.userToken === token) setUnread(answer.unread);
  } catch {
    // Background work: the badge is a hint, the message centre shows real errors.
  }
}

let watchers = 0;
let stopWatching: (() => void) | null = null;

/**
 * Keeps the count fresh while some badge shows it: on the first watcher, when the account changes
 * (each account has its own messages) and when the page becomes visible again. Reference-counted;
 * returns the release function.
 */
export function watchUnread(): () => void {
  watchers += 1;
  if (watchers === 1) {
    void refreshUnread();
    const unsubscribe = subscribeKey(session, 'userToken', () => {
      setUnread(0);
      void refreshUnread();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };
    document.addEventListener('visibilitychange', onVisible);
    stopWatching = () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watchers -= 1;
    if (watchers === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}
