import '../../styles/instrument.css';
import '../../i18n/instrument';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { ErrorState, isMissing } from '../../components/content/state-views';
import type { MarketStatus } from '../../../domain/protocol/market';
import type { LiveData } from '../../components/content/use-live-data';
import { FeedBadge } from '../../components/market/feed-badge';
import { useSessionTurn } from '../../components/market/use-bist-session';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { goBack } from '../../paths/navigation';
import { InstrumentChooser, type ChooserKind } from './instrument-chooser';
import { Button } from '../../components/button';

type Props<T> = {
  /** The symbol asked for, as the navbar's title. */
  title: string;
  /**
   * What to offer when the broker knows no such symbol (UNKNOWN_SYMBOL): this screen's chooser,
   * saying what was not found, since a retry would fail the same way.
   */
  chooser: { kind: ChooserKind; target: string };
  load: LiveData<T>;
  /** Shown beside the feed badge once loaded (the watchlist star). */
  actions?: ReactNode;
  /** The BIST session of a stock or index once loaded, for the feed badge (coins: none). */
  session?: (data: T) => MarketStatus | null;
  /** The sticky bottom bar (Buy / Sell), outside the scrolling body. */
  footer?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * An instrument or kline screen's shell: navbar, then loading skeleton, error with retry and back,
 * or content; an unknown symbol shows the chooser instead, saying which symbol was not found.
 */
export function InstrumentFrame<T>({ title, chooser, load, actions, session, footer, children }: Props<T>) {
  const { t } = useTranslation('instrument');
  // A stock's session turns at 10:00 and 18:00 under the open screen: its badge follows.
  useSessionTurn(load.status === 'ready' ? (session?.(load.data) ?? null) : null, load.refresh);
  if (load.status === 'error' && isMissing(load.error))
    return <InstrumentChooser kind={chooser.kind} target={chooser.target} missing={title} />;
  return (
    <Screen className="instrument-screen">
      <Navbar
        title={title}
        right={
          <span className="instrument-screen__actions">
            {load.status === 'ready' && (
              <>
                <FeedBadge session={session?.(load.data)} />
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
            <Button className="instrument-screen__back" testId="instrument-back" onClick={goBack}>
              {t('action.back', { ns: 'common' })}
            </Button>
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
