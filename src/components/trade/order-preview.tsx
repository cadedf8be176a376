import './texts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { CostBreakdown, type FigureRow } from './figure-rows';
import type { PreviewState } from './use-order-preview';

/** What a preview's figures come to on screen: the rows and the total under them. */
export type PreviewRows = { rows: FigureRow[]; total: FigureRow };

/** The preview whose figures the sheet shows: the answer, or the last one while it is asked again. */
export function shownPreview<T>(state: PreviewState<T> | null): T | null {
  return state?.status === 'ready' ? state.data : state?.status === 'loading' ? state.last : null;
}

/**
 * The broker's price of the order in a confirm sheet, before the PIN and the confirm, in place of
 * the ticket's own estimate (`fallback`, its breakdown) once it comes: while it is on its way, or
 * when the broker could not price the order, the estimate stays, with a line saying so. A failed
 * preview never holds the confirm back: the order is checked again when it is sent. `children`
 * follow either (what a budget leaves over, notes).
 */
export function OrderPreviewCosts<T>({
  state,
  rowsOf,
  fallback,
  costsTestId,
  testId,
  children,
}: {
  state: PreviewState<T> | null;
  rowsOf: (data: T, t: TFunction<'trade'>) => PreviewRows;
  fallback: ReactNode;
  /** The breakdown's test id, the ticket's own under the same name. */
  costsTestId: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('trade');
  const shown = shownPreview(state);
  const figures = shown === null ? null : rowsOf(shown, t);
  return (
    <div className="order-preview" data-testid={testId} data-state={state?.status ?? 'none'}>
      {figures ? (
        <CostBreakdown
          title={t('preview.title')}
          rows={figures.rows}
          total={figures.total}
          testId={costsTestId}
        />
      ) : (
        fallback
      )}
      {children}
      {state?.status === 'loading' && (
        <p className="hint" role="status" data-testid={`${testId}-loading`}>
          {t('preview.loading')}
        </p>
      )}
      {state?.status === 'failed' && (
        <p className="ticket__notice" role="status" data-testid={`${testId}-failed`}>
          {t('preview.failed', { reason: state.reason })}
        </p>
      )}
      {state?.status === 'ready' && <p className="hint">{t('preview.note')}</p>}
    </div>
  );
}
