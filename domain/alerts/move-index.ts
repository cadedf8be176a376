import Decimal from 'decimal.js';
import { createMoveWindow, type MoveWindowState } from './move-window';

/** A `move` alert: fires when the price moved `percent` or more (either way) within `windowMinutes`. */
export type MoveAlert = { id: string; symbol: string; percent: string; windowMinutes: number };

type Watch = { window: MoveWindowState; alerts: { id: string; percent: Decimal }[] };

/**
 * Move alerts by symbol and window: one window of extremes per pair, however many alerts share
 * it, and its alerts sorted by percent, so a tick reads the window once and walks only the
 * alerts whose percent the move reached. Re-arm rule: a fired alert rests for one window
 * (`quietUntil`), then fires again if the move of the window then is still large enough — a
 * new window's move, not the same one told twice.
 */
export function createMoveIndex() {
  const watches = new Map<string, Map<number, Watch>>();
  const where = new Map<string, { symbol: string; windowMinutes: number }>();
  const quietUntil = new Map<string, number>();

  return {
    /**
     * `now`: the price when the alert is added, the window's first point when it opens a new
     * window (otherwise a move already under way would be measured from the next tick only).
     */
    add(alert: MoveAlert, restingUntil = 0, now?: { t: number; price: string }): void {
      this.remove(alert.id);
      let bySymbol = watches.get(alert.symbol);
      if (!bySymbol) watches.set(alert.symbol, (bySymbol = new Map()));
      let watch = bySymbol.get(alert.windowMinutes);
      if (!watch) {
        bySymbol.set(
          alert.windowMinutes,
          (watch = { window: createMoveWindow(alert.windowMinutes * 60_000), alerts: [] }),
        );
        if (now) watch.window.push(now.t, now.price);
      }
      const percent = new Decimal(alert.percent);
      const at = watch.alerts.findIndex((a) => a.percent.gt(percent));
      watch.alerts.splice(at === -1 ? watch.alerts.length : at, 0, { id: alert.id, percent });
      where.set(alert.id, { symbol: alert.symbol, windowMinutes: alert.windowMinutes });
      if (restingUntil > 0) quietUntil.set(alert.id, restingUntil);
    },
    remove(id: string): void {
      const place = where.get(id);
      if (!place) return;
      const bySymbol = watches.get(place.symbol);
      const watch = bySymbol?.get(place.windowMinutes);
      if (watch) {
        watch.alerts = watch.alerts.filter((a) => a.id !== id);
        if (watch.alerts.length === 0) bySymbol?.delete(place.windowMinutes);
      }
      where.delete(id);
      quietUntil.delete(id);
    },
    size: () => where.size,
    /** The ids this tick fires, with the move that fired them; `t` is epoch ms. */
    tick(
      symbol: string,
      t: number,
      price: string,
    ): { id: string; percent: Decimal; direction: 'up' | 'down' }[] {
      const bySymbol = watches.get(symbol);
      if (!bySymbol) return [];
      const out: { id: string; percent: Decimal; direction: 'up' | 'down' }[] = [];
      for (const [windowMinutes, watch] of bySymbol) {
        watch.window.push(t, price);
        const move = watch.window.move();
        if (!move) continue;
        for (const a of watch.alerts) {
          if (a.percent.gt(move.percent)) break;
          const until = quietUntil.get(a.id) ?? 0;
          if (t < until) continue;
          quietUntil.set(a.id, t + windowMinutes * 60_000);
          out.push({ id: a.id, percent: move.percent, direction: move.direction });
        }
      }
      return out;
    },
    /** Until when a fired alert rests (to persist it); 0 when it is armed. */
    restingUntil: (id: string) => quietUntil.get(id) ?? 0,
  };
}
export type MoveIndex = ReturnType<typeof createMoveIndex>;
