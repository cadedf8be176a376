import { Fragment, type ReactNode } from 'react';
import { Navbar } from '../navbar';
import { Screen } from '../screen';

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
