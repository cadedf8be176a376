import type * as PrefetchData from './prefetch-data';
import { tabsTaken } from './preload-queue';

/** A task boundary: what runs next is a task of its own, and a tap queued meanwhile goes first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the idle preload needs (idle-preload.ts) to ask a screen's first reads as the app goes
 * there, evaluated a module graph a task: the route table, then, once the queue has the tabs' code
 * (preload-queue.ts, which has asked the tabs' own first reads already, without zod), zod (the
 * largest, a chunk of its own: vite-plugins/ticket-chunks.ts), the declarations' schemas and
 * prefetch-data. Imported together they ran as one task of 35–50 ms of CPU (~150–250 ms on the
 * reference phone), and a tap right after the page went quiet waited for it; fetched before the
 * tabs' code, their ~40 KB on slow 4G held it past a tap. Chunks of their own, so the first load
 * carries none of these imports' lists.
 */
// zod with the least of ours: the declarations' helper (not zod's namespace, whose every export,
// its locales too, would then be kept).
const ZOD = () => import('../../domain/protocol/endpoint');
/**
 * The declarations first-calls.ts names, and those the tabs' screens check their first answers
 * with (building their schemas is most of the work: zod's code, ~30 ms of CPU for the six at once).
 * Asked together, each evaluated as it arrives, in a task of its own: one after another they cost
 * a round trip each (~1.2 s on slow 4G). One missing here is only evaluated with prefetch-data,
 * in its task.
 */
const SCHEMAS: readonly (() => Promise<unknown>)[] = [
  () => import('../../domain/protocol/endpoints/assets'),
  () => import('../../domain/protocol/endpoints/contracts'),
  () => import('../../domain/protocol/endpoints/funding-bank'),
  () => import('../../domain/protocol/endpoints/ipo'),
  () => import('../../domain/protocol/endpoints/offline'),
  () => import('../../domain/protocol/endpoints/funds-record'),
];

let loading: Promise<typeof PrefetchData> | null = null;

/**
 * prefetch-data, once the route table (`table`, handed in: imported here, the table's loader moved
 * the first load's modules into another file) and, after the tabs' code, zod have each been
 * evaluated in a task of their own, and the schemas after them; following the app's navigation
 * from then on (prefetch-data.ts's followNavigation, with whether the user may open a path and
 * whether its screen has loaded).
 */
export function prefetchDataInSteps(
  table: () => Promise<unknown>,
  allowed: (path: string) => boolean,
  loaded: (path: string) => boolean,
): Promise<typeof PrefetchData> {
  loading ??= (async () => {
    for (const step of [table, tabsTaken, ZOD]) {
      await step();
      await nextTask();
    }
    await Promise.all(SCHEMAS.map((schema) => schema()));
    await nextTask();
    const data = await import('./prefetch-data');
    data.followNavigation(allowed, loaded);
    return data;
  })();
  loading.catch(() => (loading = null));
  return loading;
}
