import { ErrorState, ListSkeleton } from '../../components/content/state-views';

/**
 * What a screen that reads one thing by its id shows until it has it: a skeleton while it loads;
 * an error with a retry and, for a link naming nothing there (stale or mistyped), the list to
 * pick from instead (`back`).
 */
export function NotReady({
  live,
  rows,
  back,
}: {
  live: { status: 'loading' } | { status: 'error'; error: unknown; reload: () => void };
  rows: number;
  back: { href: string; label: string };
}) {
  if (live.status === 'loading') return <ListSkeleton rows={rows} />;
  return <ErrorState error={live.error} onRetry={live.reload} back={back} />;
}
