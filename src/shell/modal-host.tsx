import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../i18n/hook';
import { useSnapshot } from 'valtio';
import { modal, settleModal, settleModalLeftBehind } from '../services/modal';
import { useDialogFocus } from '../components/dialog-focus';
import { Button } from '../components/button';

/** The confirm dialog (SPEC §9: max width 400 px). Escape cancels; Tab stays inside. */
export function ModalHost() {
  const { t } = useTranslation();
  const { current } = useSnapshot(modal);
  const dialog = useRef<HTMLDivElement>(null);
  const [pathname] = useLocation();
  useEffect(() => settleModalLeftBehind(pathname), [pathname]);
  useDialogFocus(dialog, { active: current !== null, onEscape: () => settleModal(false) });

  if (!current) return null;

  const showCancel = current.showCancel ?? true;
  return (
    <div className="modal-backdrop" onClick={() => settleModal(false)}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={current.title ? 'modal-title' : 'modal-text'}
        aria-describedby={current.title ? 'modal-text' : undefined}
        data-testid="modal"
        tabIndex={-1}
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
            <Button testId="modal-cancel" onClick={() => settleModal(false)}>
              {current.cancelText ?? t('action.cancel')}
            </Button>
          )}
          <Button
            look="primary"
            testId="modal-confirm"
            // A question (cancel an order, sign out) opens with focus on the dialog, not its yes: a
            // second Enter of the press that asked it would answer unread. A notice has only OK.
            data-autofocus={showCancel ? undefined : true}
            onClick={() => settleModal(true)}
          >
            {current.confirmText ?? t('action.confirm')}
          </Button>
        </div>
      </div>
    </div>
  );
}
