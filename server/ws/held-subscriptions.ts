import type { PublicChannel } from '../../domain/protocol/ws';

type Held = { ch: PublicChannel; symbol: string; until: number };

/**
 * A socket's subscriptions to catalogue symbols its node's market was still loading (a cluster
 * node switching between owning a partition and following it: server/cluster/switch-market.ts).
 * Each is answered once its instrument may have come (`retry`), or refused as still loading
 * once its time is up (`expired`, read at the hub's beat). The socket's other frames go on
 * meanwhile; an `unsub` drops the hold. At most the socket's subscription cap of them.
 */
export class HeldSubscriptions {
  private readonly held = new Map<string, Held>();

  constructor(private readonly retry: (ch: PublicChannel, symbol: string, until: number) => void) {}

  get size(): number {
    return this.held.size;
  }

  has(key: string): boolean {
    return this.held.has(key);
  }

  /** Holds `key` until `coming` settles (a hold already there keeps its own). */
  hold(key: string, ch: PublicChannel, symbol: string, until: number, coming: Promise<void>): void {
    if (this.held.has(key)) return;
    const entry = { ch, symbol, until };
    this.held.set(key, entry);
    void coming.then(() => {
      if (this.held.get(key) !== entry) return;
      this.held.delete(key);
      this.retry(ch, symbol, until);
    });
  }

  drop(key: string): void {
    this.held.delete(key);
  }

  clear(): void {
    this.held.clear();
  }

  /** The holds whose time was up at `now`, no longer held. */
  expired(now: number): Held[] {
    const out: Held[] = [];
    for (const [key, entry] of this.held)
      if (entry.until <= now) {
        this.held.delete(key);
        out.push(entry);
      }
    return out;
  }
}
