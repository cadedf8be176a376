import '../../styles/instrument.css';
import '../../i18n-instrument';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n-hook';
import { ErrorState } from '../../components/content/state-views';
import type { LiveData } from '../../components/content/use-live-data';
import { FeedBadge } from '../../components/market/feed-badge';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { goBack } from '../../routes/navigation';

type Props<T> = {
  title: string;
  load: LiveData<T>;
  /** Shown beside the feed badge once loaded (the watchlist star). */
  actions?: ReactNode;
  /** The sticky bottom bar (Buy / Sell), outside the scrolling body. */
  footer?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
};

/** An instrument or kline screen's shell: navbar, then loading skeleton, error with retry and back, or content. */
export function InstrumentFrame<T>({ title, load, actions, footer, children }: Props<T>) {
  const { t } = useTranslation('instrument');
  return (
    <Screen className="instrument-screen">
      <Navbar
        title={title}
        right={
          <span className="instrument-screen__actions">
            {load.status === 'ready' && (
              <>
                <FeedBadge />
                {actions}
              </>
            )}
          </span>
        }
      />
      <div className="screen__body instrument-screen__body">
        {load.status === 'loading' && <InstrumentSkeleton label={t('state.loading')} />}
        {load.status === 'error' && (
          <>
            <ErrorState error={load.error} onRetry={load.reload} />
            <button
              type="button"
              className="button button--secondary instrument-screen__back"
              data-testid="instrument-back"
              onClick={goBack}
            >
              {t('action.back', { ns: 'common' })}
            </button>
          </>
        )}
        {load.status === 'ready' && children(load.data)}
      </div>
      {load.status === 'ready' && footer?.(load.data)}
    </Screen>
  );
}

function InstrumentSkeleton({ label }: { label: string }) {
  return (
    <div
      className="instrument-skeleton"
      role="status"
      aria-label={label}
      aria-busy="true"
      data-testid="instrument-loading"
    >
      <span className="skeleton instrument-skeleton__price" />
      <span className="skeleton skeleton--line" />
      <div className="instrument-skeleton__grid">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className="skeleton" />
        ))}
      </div>
      <span className="skeleton instrument-skeleton__block" />
    </div>
  );
}
