import { replayEndpoints } from '../domain/protocol/endpoints/replay';
import type { ReplayState } from '../domain/protocol/replay';
import { callRoute, type RestOptions } from './rest';

/**
 * The replay's state read, checked with its declaration's schema. Imported only when a replay is
 * first followed (workers/replay-feed.ts), so zod stays out of the worker's first load.
 */
export async function readReplay(
  options: RestOptions,
  id: string,
  frames: 'next' | 'snapshot',
  reader: string,
): Promise<ReplayState> {
  const data = await callRoute(options, replayEndpoints.state, { id, frames, reader });
  return replayEndpoints.state.output.parse(data);
}
