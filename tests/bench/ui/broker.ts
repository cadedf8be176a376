import { bundledBroker, startBroker, type Started } from '../../support/process';

/**
 * The broker for the UI bench. Normally `npm start`'s own path (startBroker, which rebuilds
 * dist/client when stale). With `clientDir` (a client built elsewhere, UI_BENCH_CLIENT_DIR) it
 * runs the bundled broker directly (bundledBroker), so nothing rebuilds the shared dist/client behind others' backs.
 */
export async function startBenchBroker(env: Record<string, string>, clientDir?: string): Promise<Started> {
  if (!clientDir) return startBroker(env);
  return startBroker({ ...env, CLIENT_DIR: clientDir }, 120_000, await bundledBroker());
}
