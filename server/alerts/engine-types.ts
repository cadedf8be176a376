import type { AlertKind } from '../../domain/alerts/kinds';
import type { Db } from '../db/client';
import type { OutboundClient } from '../http/outbound/client';
import type { MarketSource } from '../market/source';
import type { Trading } from '../trading/services';
import type { Owner } from './store';
import type { VapidKeys } from './vapid';

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
  vapid: () => Promise<VapidKeys>;
  /** The guard every push goes through (docs/outbound.md). */
  outbound: OutboundClient;
  log: { error(obj: object, msg: string): void };
  /** A cluster partition's symbols: only their alerts are loaded and told (absent: every alert). */
  holds?: ((symbol: string) => boolean) | undefined;
};
