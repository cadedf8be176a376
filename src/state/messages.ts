import { proxy } from 'valtio';
import { contentEndpoints } from '../../domain/protocol/endpoints/content';
import { call } from '../api/call';
import { session } from './session';

/**
 * The unread message count, for the badges on the Mine tab and the home header. The message
 * centre sets it from each list answer; others call refreshUnread() or watch it
 * (src/market/watch-unread.ts, which follows the socket's message events).
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
