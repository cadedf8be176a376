import { proxy, ref } from 'valtio';

export type ConfirmOptions = {
  text: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** An alert: only the confirm button. */
  showCancel?: boolean;
};

/** `path`: the screen that asked (location.pathname); the question is about that screen. */
type OpenModal = ConfirmOptions & { id: number; path: string; resolve: (ok: boolean) => void };

export const modal = proxy<{ current: OpenModal | null }>({ current: null });

let nextId = 1;

/** Asks the user; resolves true on confirm, false on cancel, Escape or when replaced by another. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  settleModal(false);
  return new Promise<boolean>((resolve) => {
    // ref(): the resolver is a function and must stay out of valtio's tracking.
    modal.current = { ...options, id: nextId++, path: location.pathname, resolve: ref(resolve) };
  });
}

export function settleModal(ok: boolean): void {
  const open = modal.current;
  if (!open) return;
  modal.current = null;
  open.resolve(ok);
}

/**
 * The app is on `pathname` now: a question asked on another screen is cancelled. Back (Android's
 * gesture above all, which users expect to close a dialog) left "Demo hesaba geçilsin mi?" over
 * the previous screen, its yes still doing what the left screen asked; a session ended meanwhile
 * left it over the login screen.
 */
export function settleModalLeftBehind(pathname: string): void {
  if (modal.current && modal.current.path !== pathname) settleModal(false);
}
