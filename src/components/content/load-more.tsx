import { useErrorText } from './state-views';

export type Paged = { hasMore: boolean; loadingMore: boolean; moreError: unknown; more: () => Promise<void> };

/**
 * "Load more" under a paged list, with its own error line: a failed page never hides the rows
 * already shown. The label and the area's layout class are the caller's.
 */
export function LoadMore({ paged, label, className }: { paged: Paged; label: string; className: string }) {
  const errorText = useErrorText();
  if (!paged.hasMore) return null;
  return (
    <div className={className}>
      {paged.moreError !== null && (
        <p className="field__error" role="alert">
          {errorText(paged.moreError)}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        data-testid="load-more"
        disabled={paged.loadingMore}
        aria-busy={paged.loadingMore || undefined}
        onClick={() => void paged.more()}
      >
        {label}
      </button>
    </div>
  );
}
