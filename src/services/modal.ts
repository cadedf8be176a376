import { proxy, ref } from 'valtio';

export type ConfirmOptions = {
  text: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** An alert: only the confirm button. */
  showCancel?: boolean;
};

type OpenModal = ConfirmOptions & { id: number; resolve: (ok: boolean) => void };

export const modal = proxy<{ current: OpenModal | null }>({ current: null });

let nextId = 1;

/** Asks the user; resolves true on confirm, false on cancel, Escape or when replaced by another. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  settleModal(false);
  return new Promise<boolean>((resolve) => {
    // ref(): the resolver is a function and must stay out of valtio's tracking.
    modal.current = { ...options, id: nextId++, resolve: ref(resolve) };
  });
}

export function settleModal(ok: boolean): void {
  const open = modal.current;
  if (!open) return;
  modal.current = null;
  open.resolve(ok);
}
