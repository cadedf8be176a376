import type * as PrefetchData from './prefetch-data';

/** A task boundary: what runs next is a task of its own, and a tap queued meanwhile goes first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the idle preload needs (idle-preload.ts), evaluated a module graph a task: the route table,
 * zod (the largest, a chunk of its own: vite-plugins/ticket-chunks.ts), then the declarations'
 * schemas prefetch-data names, then prefetch-data. Imported together they ran as one task of
 * 35–50 ms of CPU (~150–250 ms on the reference phone), and a tap right after the page went quiet
 * waited for it. A chunk of its own, so the first load carries none of these imports' lists.
 */
// zod with the least of ours: the declarations' helper (not zod's namespace, whose every export,
// its locales too, would then be kept).
const ZOD = () => import('../../domain/protocol/endpoint');
/**
 * The declarations first-calls.ts names (building their schemas is most of the work: zod's code,
 * ~30 ms of CPU for the six at once). Asked together, each evaluated as it arrives, in a task of
 * its own: one after another they cost a round trip each (~1.2 s on slow 4G before prefetch-data
 * was there, past the tap a reader makes a few seconds into a page, whose first reads then left
 * only as its screen rendered). One missing here is only evaluated with prefetch-data, in its task.
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
 * the first load's modules into another file) and zod have each been evaluated in a task of their own.
 */
export function prefetchDataInSteps(table: () => Promise<unknown>): Promise<typeof PrefetchData> {
  loading ??= (async () => {
    for (const step of [table, ZOD]) {
      await step();
      await nextTask();
    }
    await Promise.all(SCHEMAS.map((schema) => schema()));
    await nextTask();
    return import('./prefetch-data');
  })();
  loading.catch(() => (loading = null));
  return loading;
}
