import type { AppConfig } from '../app-config';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { Trading } from '../trading/services';
import { createAlertEngine } from './engine';
import { appStateOf } from '../app-state';
import { createPushes } from '../trading/conditional/pushes';

/**
 * The alert engine as an owned job: it listens to the market where the market runs (the
 * partition's owner), so every tick is evaluated once in the cluster; with several partitions,
 * each owner's engine watches only its partition's alerts.
 */
export function startAlertJob(ctx: {
  db: Db;
  config: AppConfig;
  trading: Trading;
  market: MarketSource;
  log: { error(obj: object, msg: string): void };
  /** A cluster partition's symbols: the engine loads and hears only their alerts (absent: all). */
  holds?: ((symbol: string) => boolean) | undefined;
}): { stop(): Promise<void> } {
  const engine = createAlertEngine({
    ...ctx,
    pushes: createPushes({
      db: ctx.db,
      clock: ctx.trading.clock,
      config: ctx.config,
      log: { error: (obj, msg) => ctx.log.error(obj, msg), warn: (obj, msg) => ctx.log.error(obj, msg) },
    }),
  });
  const { alerts } = appStateOf(ctx.db);
  const unuse = alerts.use(engine, ctx.holds);
  // Before the stored alerts load: a change made on another node meanwhile is heard, not missed.
  const unfollow = alerts.follow(engine, ctx.holds);
  const started = engine.start();
  started.catch((error: unknown) => ctx.log.error({ err: error }, 'alert engine not started'));
  return {
    async stop() {
      await started.catch(() => undefined);
      unfollow();
      unuse();
      await engine.stop();
    },
  };
}
