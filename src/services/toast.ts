import { proxy } from 'valtio';

export const TOAST_MS = 2000;

/** One toast at a time: a new one replaces the current (SPEC §9: 2000 ms by default). */
export const toast = proxy({ text: '', id: 0 });

let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(text: string, ms: number = TOAST_MS): void {
  clearTimeout(timer);
  toast.text = text;
  // A changing id lets the host restart its entrance animation for a repeated text.
  toast.id += 1;
  timer = setTimeout(hideToast, ms);
}

export function hideToast(): void {
  clearTimeout(timer);
  toast.text = '';
}
