import { Fragment, type ReactNode } from 'react';
import { ErrorState, ListSkeleton } from '../content/state-views';
import { useLiveData } from '../content/use-live-data';
import { Navbar } from '../navbar';
import { Screen } from '../screen';

/** A primary-market list screen (coin sales, blocks): its title, then its blocks stacked. */
export function MarketListScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Screen className="ipo-screen">
      <Navbar title={title} />
      <div className="screen__body">
        <div className="ipo-stack">{children}</div>
      </div>
    </Screen>
  );
}

/**
 * A primary-market screen of the one subject its link names (`?id=`: an IPO, a coin sale, a
 * block): without an id, the subjects to choose from, not an error. Another id is another subject:
 * what `children` draws for it starts afresh.
 */
export function SubjectScreen({
  title,
  id,
  chooser,
  children,
}: {
  title: string;
  id: string | null;
  chooser: { testId: string; lead?: string; list: ReactNode };
  children: (id: string) => ReactNode;
}) {
  return (
    <Screen className="ipo-screen">
      <Navbar title={title} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid={chooser.testId}>
            {chooser.lead !== undefined && <p className="lead">{chooser.lead}</p>}
            {chooser.list}
          </div>
        ) : (
          <Fragment key={id}>{children(id)}</Fragment>
        )}
      </div>
    </Screen>
  );
}

/**
 * The subject a detail screen shows, loaded and kept fresh (useLiveData), a skeleton meanwhile. A
 * failed load offers a retry, or — for a link naming no such subject (stale or mistyped) — `back`,
 * the list to choose from, since a retry would fail the same way. `children` draws the subject;
 * `refresh` reads it again behind what is shown (a countdown that ran out).
 */
export function LoadedSubject<S>({
  dataKey,
  load,
  back,
  children,
}: {
  /** useLiveData's key of the subject. */
  dataKey: string;
  load: () => Promise<S>;
  back: { href: string; label: string };
  children: (subject: S, refresh: () => void) => ReactNode;
}) {
  const detail = useLiveData(dataKey, load);
  if (detail.status === 'loading') return <ListSkeleton rows={6} />;
  if (detail.status === 'error')
    return <ErrorState error={detail.error} onRetry={detail.reload} back={back} />;
  return children(detail.data, detail.refresh);
}
