import type { ReactNode } from 'react';
import type { Page } from '../../../domain/protocol/envelope';
import type { Ipo } from '../../../domain/protocol/ipo';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import type { LiveData } from '../../components/content/use-live-data';
import { IpoCard } from './ipo-card';

/** A titled list of IPOs with its own loading, error and empty states, so one failure hides one section. */
export function IpoSection({
  title,
  data,
  select = (list) => list,
  now,
  onElapsed,
  empty,
  testId,
  to,
}: {
  title: string;
  data: LiveData<Page<Ipo>>;
  select?: (list: Ipo[]) => Ipo[];
  now: number;
  onElapsed: () => void;
  empty: ReactNode;
  testId: string;
  to?: string;
}) {
  let body;
  if (data.status === 'loading') body = <ListSkeleton rows={2} label={title} />;
  else if (data.status === 'error') body = <ErrorState error={data.error} onRetry={data.reload} />;
  else {
    const list = select(data.data.list);
    body =
      list.length === 0 ? (
        empty
      ) : (
        <ul className="card-list">
          {list.map((ipo) => (
            <IpoCard key={ipo.id} ipo={ipo} now={now} onElapsed={onElapsed} {...(to ? { to } : {})} />
          ))}
        </ul>
      );
  }
  return (
    <section className="ipo-section" aria-label={title} data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      {body}
    </section>
  );
}

export function SectionEmpty({ title, body }: { title: string; body?: string }) {
  return <EmptyState title={title} {...(body ? { body } : {})} />;
}
