import { showToast } from './toast';

/**
 * Long enough to be read once login shows: a slow phone takes seconds to open it, and the app's
 * usual 2 s toast could be gone before the screen was.
 */
export const SESSION_ENDED_TOAST_MS = 6_000;

let pending: string | null = null;

/** Says why the user is being sent to login, and keeps it for login to say again as it opens. */
export function saySessionEnded(text: string): void {
  pending = text;
  showToast(text, SESSION_ENDED_TOAST_MS);
}

/**
 * Login, as it opens: the reason said again for its whole time. Said only as the session ended,
 * it ran out while a loaded phone was still opening login (or another toast replaced it), and
 * the user arrived on login with no reason given.
 */
export function repeatSessionEnded(): void {
  if (pending === null) return;
  const text = pending;
  pending = null;
  showToast(text, SESSION_ENDED_TOAST_MS);
}
