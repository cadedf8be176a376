import './texts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { BottomSheet } from './bottom-sheet';
import { FigureRows, type FigureRow } from './figure-rows';
import { Button } from '../button';

/** How an order ended up right after it was placed (DESIGN.md: show the result after). */
export type OrderOutcome = 'filled' | 'partial' | 'resting' | 'cancelled' | 'rejected';

/**
 * The answer to a confirmed order: filled, partially filled, resting on the book, cut short
 * (nothing left to fill against) or refused, with the localized reason and the figures.
 */
export function ResultSheet({
  outcome,
  reason = '',
  rows,
  onClose,
  actions,
  testId = 'result-sheet',
}: {
  outcome: OrderOutcome;
  /** Localized: why it was refused or cut short; '' for none. */
  reason?: string;
  rows: readonly FigureRow[];
  onClose: () => void;
  /** Extra links (view orders, view position) beside Done. */
  actions?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('trade');
  return (
    <BottomSheet title={t(`outcome.${outcome}`)} onClose={onClose} testId={testId}>
      <div
        className={`result result--${outcome}`}
        data-testid={`${testId}-${outcome}`}
        data-outcome={outcome}
      >
        <span className="result__icon" aria-hidden="true">
          {outcome === 'rejected' ? '!' : outcome === 'filled' ? '✓' : '•'}
        </span>
        <p className="result__text">{t(`outcome.${outcome}_text`)}</p>
        {reason !== '' && (
          <p
            className="result__reason"
            role={outcome === 'rejected' ? 'alert' : undefined}
            data-testid={`${testId}-reason`}
          >
            {reason}
          </p>
        )}
      </div>
      {rows.length > 0 && <FigureRows rows={rows} testId={`${testId}-figures`} />}
      <div className="sheet__actions">
        {actions}
        <Button look="primary" testId={`${testId}-done`} data-autofocus onClick={onClose}>
          {t('sheet.done')}
        </Button>
      </div>
    </BottomSheet>
  );
}
