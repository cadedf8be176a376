import { subscribeKey } from 'valtio/utils';
import { refreshUnread, setUnread } from '../state/messages';
import { session } from '../state/session';
import { onPrivateEvent, onPrivateResync } from './private-events';

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
