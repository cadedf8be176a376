import '../../styles/trade.css';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../dialog-focus';
import { SubsectionHeadings } from '../heading-level';

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
  useDialogFocus(sheet, { onEscape: onClose, canEscape: () => !locked });

  return createPortal(
    <div className="sheet-backdrop" onClick={() => !locked && onClose()}>
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
        <SubsectionHeadings>
          <div className="sheet__body">{children}</div>
          {footer && <div className="sheet__footer">{footer}</div>}
        </SubsectionHeadings>
      </div>
    </div>,
    document.body,
  );
}
