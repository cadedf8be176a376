import './namespace';
import { useTranslation } from '../../i18n/hook';
import { membershipEndpoints } from '../../../domain/protocol/endpoints/membership';
import { call } from '../../api/call';
import { LoadMore } from '../../components/content/paged-list';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { usePaged } from '../../components/content/use-paged';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { PollCard } from './poll-card';

const load = (page: number, size: number) =>
  call(membershipEndpoints.polls, { page, size }, { silent: true });

/** /pages/stock/vote: the operator's polls; one vote per user, results after voting or closing. */
export default function VoteScreen() {
  const { t } = useTranslation('membership');
  const paged = usePaged('polls', load);
  const { first } = paged;
  return (
    <Screen className="stack-screen">
      <Navbar title={t('vote.title')} />
      <div className="screen__body">
        {first.status === 'loading' && <ListSkeleton rows={3} />}
        {first.status === 'error' && <ErrorState error={first.error} onRetry={paged.reload} />}
        {first.status === 'ready' && paged.rows.length === 0 && (
          <EmptyState title={t('vote.empty_title')} body={t('vote.empty_body')} />
        )}
        {first.status === 'ready' && paged.rows.length > 0 && (
          <div className="mem-stack" data-testid="poll-list">
            {paged.rows.map((poll) => (
              <PollCard
                key={poll.id}
                poll={poll}
                onChange={(next) => {
                  const onFirst = first.data.list.some((p) => p.id === next?.id);
                  if (next === null || !onFirst) void paged.refresh();
                  else
                    first.update((page) => ({
                      ...page,
                      list: page.list.map((p) => (p.id === next.id ? next : p)),
                    }));
                }}
              />
            ))}
            <LoadMore paged={paged} label={t('credit.more')} className="mem-more" />
          </div>
        )}
      </div>
    </Screen>
  );
}
