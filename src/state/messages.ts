import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { contentEndpoints } from '../../domain/protocol/endpoints/content';
import { call } from '../api/call';
import { onPrivateEvent, onPrivateResync } from '../market/private-events';
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
    const answer = await call(contentEndpoints.messages, { page: 1, size: 1 }, { silent: true });
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
 * (each account has its own messages), when the page becomes visible again, and when the socket
 * says a message came (an order filled, a deposit or KYC decided, the operator's) or that some may
 * have been missed (a reconnect): Mine's badge stayed at its old count, however long the user
 * looked at it. Reference-counted; returns the release function.
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
    const offEvent = onPrivateEvent('messages', () => void refreshUnread());
    const offResync = onPrivateResync('messages', () => void refreshUnread());
    stopWatching = () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      offEvent();
      offResync();
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
