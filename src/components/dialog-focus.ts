import { useEffect, useRef, type RefObject } from 'react';

/** What Tab can reach: enabled controls, links and anything given a tab stop. */
const FOCUSABLE = [
  'button:not([disabled])',
  '[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The dialogs open now, innermost last. Only the innermost answers Tab and Escape: a confirmation
 * over the drawer or over a sheet closes alone, and the one beneath keeps its focus trap.
 */
const open: object[] = [];

/**
 * Keeps Tab inside `container`: from the last item to the first and back, and from wherever focus
 * has got to outside it (the dialog itself, <body> after a focused button went disabled) into it.
 * With nothing to tab to (every button disabled while a request is in flight), focus stays on the
 * dialog instead of leaving for the page behind it.
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  // A radio group is one tab stop, its checked radio: the others are never where Tab lands.
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) =>
      !(item instanceof HTMLInputElement && item.type === 'radio' && !item.checked) ||
      !container.querySelector(`input[type="radio"][name="${CSS.escape(item.name)}"]:checked`),
  );
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const onItem = active instanceof HTMLElement && items.includes(active);
  if (event.shiftKey ? !onItem || active === first : !onItem || active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * Focus handling shared by every modal dialog (bottom sheets, the confirm dialog, the drawer),
 * WAI-ARIA's dialog pattern: while `active`, focus moves into the dialog (its `[data-autofocus]`
 * element, else the first control when `initial` is 'first', else the dialog itself, which then
 * needs tabIndex -1), Tab stays inside, Escape calls `onEscape` unless `canEscape()` says no
 * (a money request in flight), and when it closes focus goes back to what opened it — unless
 * the user has since put focus somewhere else on purpose.
 */
export function useDialogFocus(
  container: RefObject<HTMLElement | null>,
  {
    active = true,
    onEscape,
    canEscape = () => true,
    initial = 'dialog',
  }: {
    active?: boolean;
    onEscape: () => void;
    canEscape?: () => boolean;
    initial?: 'dialog' | 'first';
  },
): void {
  // The latest callbacks without re-running the effect (which would move focus again).
  const escape = useRef(onEscape);
  const allowed = useRef(canEscape);
  useEffect(() => {
    escape.current = onEscape;
    allowed.current = canEscape;
  });

  useEffect(() => {
    const node = container.current;
    if (!active || !node) return;
    const token = {};
    open.push(token);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      node.querySelector<HTMLElement>('[data-autofocus]') ??
      (initial === 'first' ? node.querySelector<HTMLElement>(FOCUSABLE) : null) ??
      node;
    target.focus({ preventScroll: true });
    const shut = inertOutside(node);

    const onKeyDown = (event: KeyboardEvent) => {
      if (open[open.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (allowed.current()) escape.current();
      } else if (event.key === 'Tab') {
        trapTab(event, node);
      }
    };
    // On the document, not the dialog: Escape must work even when focus fell to <body>.
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const behind of shut) behind.removeAttribute('inert');
      open.splice(open.indexOf(token), 1);
      const now = document.activeElement;
      const lost = !now || now === document.body || !now.isConnected || node.contains(now);
      if (lost) giveBack(opener);
    };
  }, [active, container, initial]);
}

/**
 * The page behind a modal dialog made inert while it is open: aria-modal alone left it in
 * Chromium's accessibility tree, and a screen reader swiped from a confirm sheet to the ticket's
 * buy button behind it. Everything beside the dialog's layer (its parent, with the backdrop a tap
 * on closes it) and beside the toast's live region, level by level up to <body>, save what is
 * already inert (answered, for the close to wake).
 */
function inertOutside(dialog: Element): Element[] {
  const kept = [dialog.parentElement, document.querySelector('.toast-region')];
  const path = new Set<Element>();
  for (let item of kept) for (; item && item !== document.body; item = item.parentElement) path.add(item);
  const shut: Element[] = [];
  for (const level of [document.body, ...path])
    if (!kept.includes(level))
      for (const child of level.children)
        if (!path.has(child) && !child.hasAttribute('inert')) shut.push(child);
  for (const behind of shut) behind.setAttribute('inert', '');
  return shut;
}

/**
 * Focus back to what opened the dialog; when that can no longer take it (the ticket's submit
 * button, disabled as the ticket resets after the order), to the first control of its form or
 * screen, so a keyboard user goes on from where they were rather than from the top of <body>.
 */
function giveBack(opener: HTMLElement | null): void {
  if (!opener?.isConnected) return;
  if (opener.matches(FOCUSABLE)) {
    opener.focus({ preventScroll: true });
    return;
  }
  const near = opener.closest('form, [data-screen]')?.querySelector<HTMLElement>(FOCUSABLE);
  near?.focus({ preventScroll: true });
}
