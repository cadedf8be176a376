import type { IndicatorConfig } from '../domain/indicators/types';
import type { MarketPatch } from '../domain/market-data/contract';
import type { ReplayFeedApi } from '../domain/market-data/replay-feed';
import type { ReplayFeed, ReplayFeedDeps } from './replay-feed';

/**
 * The replay source (./replay-feed.ts) loads with the first followed replay: only the replay
 * screen needs it, not the first load. The token, indicators and replay set while it loads are
 * the ones it starts with.
 */
export class ReplayFeedLoader implements ReplayFeedApi {
  private feed: ReplayFeed | null = null;
  private token: string | null = null;
  private config: IndicatorConfig;
  private wanted: string | null = null;
  private loading = false;

  constructor(private readonly deps: ReplayFeedDeps) {
    this.config = deps.config;
  }

  setToken(token: string | null): void {
    this.token = token;
    this.feed?.setToken(token);
  }

  setIndicators(config: IndicatorConfig): void {
    this.config = config;
    this.feed?.setIndicators(config);
  }

  followReplay(id: string | null): void {
    this.wanted = id;
    if (this.feed) return this.feed.follow(id);
    if (this.loading || id === null) return;
    this.loading = true;
    void import('./replay-feed').then(
      ({ ReplayFeed }) => {
        this.feed = new ReplayFeed({ ...this.deps, config: this.config });
        this.feed.setToken(this.token);
        this.feed.follow(this.wanted);
        this.deps.changed();
      },
      () => {
        this.loading = false; // the next follow tries again
      },
    );
  }

  refreshReplay(): void {
    this.feed?.refresh();
  }

  flushInto(patch: MarketPatch, now: number): boolean {
    return this.feed?.flushInto(patch, now) ?? false;
  }
}
