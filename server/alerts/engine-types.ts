import type { AlertKind } from '../../domain/alerts/kinds';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { Trading } from '../trading/services';
import type { Owner } from './store';

/** What the engine remembers of each alert besides its index entry: whom to tell, and what. */
export type Known = {
  owner: Owner;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  windowMinutes: number | null;
};

export type AlertEngineDeps = {
  db: Db;
  market: MarketSource;
  trading: Trading;
  /**
   * Sends the pushes a fire wrote to the outbox, once (server/trading/conditional/pushes.ts):
   * resolves when they are sent or found not wanted.
   */
  pushes: { send(ids: readonly bigint[]): Promise<unknown> };
  log: { error(obj: object, msg: string): void };
  /** A cluster partition's symbols: only their alerts are loaded and told (absent: every alert). */
  holds?: ((symbol: string) => boolean) | undefined;
};
