import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n-hook';
import { useSnapshot } from 'valtio';
import { modal, settleModal } from '../services/modal';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** The confirm dialog (SPEC §9: max width 400 px). Escape cancels; Tab stays inside. */
export function ModalHost() {
  const { t } = useTranslation();
  const { current } = useSnapshot(modal);
  const dialog = useRef<HTMLDivElement>(null);
  const openId = current?.id;

  useEffect(() => {
    if (openId === undefined) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // On the document, not the dialog: Escape must work even when focus fell to <body>.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        settleModal(false);
      } else if (event.key === 'Tab' && dialog.current) {
        trapTab(event, dialog.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [openId]);

  if (!current) return null;

  const showCancel = current.showCancel ?? true;
  return (
    <div className="modal-backdrop" onClick={() => settleModal(false)}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={current.title ? 'modal-title' : undefined}
        aria-describedby="modal-text"
        data-testid="modal"
        onClick={(event) => event.stopPropagation()}
      >
        {current.title && (
          <h2 id="modal-title" className="modal__title">
            {current.title}
          </h2>
        )}
        <p id="modal-text" className="modal__text">
          {current.text}
        </p>
        <div className="modal__actions">
          {showCancel && (
            <button
              type="button"
              className="button button--secondary"
              data-testid="modal-cancel"
              onClick={() => settleModal(false)}
            >
              {current.cancelText ?? t('action.cancel')}
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            data-testid="modal-confirm"
            data-autofocus
            onClick={() => settleModal(true)}
          >
            {current.confirmText ?? t('action.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
