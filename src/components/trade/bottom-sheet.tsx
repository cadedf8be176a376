import '../../styles/trade.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A sheet rising from the bottom of the phone column (DESIGN.md: tickets and confirmations are
 * bottom sheets, in thumb reach). Escape or a tap on the mask closes it unless `locked` (a request
 * in flight must not be abandoned half way); Tab stays inside; focus returns where it was.
 */
export function BottomSheet({
  title,
  onClose,
  children,
  footer,
  testId,
  locked = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  locked?: boolean;
}) {
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const lockedRef = useRef(locked);
  useEffect(() => {
    closeRef.current = onClose;
    lockedRef.current = locked;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = sheet.current?.querySelector<HTMLElement>('[data-autofocus]') ?? sheet.current;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !lockedRef.current) {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab' && sheet.current) {
        const items = [...sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const head = items[0];
        const tail = items[items.length - 1];
        if (!head || !tail) return;
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, []);

  return createPortal(
    <div className="sheet-backdrop" onClick={() => !lockedRef.current && closeRef.current()}>
      <div
        ref={sheet}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <span className="sheet__grip" aria-hidden="true" />
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        <div className="sheet__body">{children}</div>
        {footer && <div className="sheet__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
