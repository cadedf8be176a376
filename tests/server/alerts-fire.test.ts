import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { AlertRow } from '../../domain/protocol/alerts';
import { dbTargets } from '../support/server';
import { alertWorld, ok, watchAlerts } from './alerts-support';

type Page = { list: AlertRow[]; total: number };
const MIN = 60_000;

describe.each(dbTargets())('alerts fire on ticks on %s', (target) => {
  const t = sharedWorld(() => alertWorld(target));

  async function add(token: string, fields: Record<string, string>): Promise<AlertRow> {
    return ok<AlertRow>(await t.world.call('/user/alert/add', token, fields));
  }
  async function list(token: string): Promise<Map<string, AlertRow>> {
    const page = ok<Page>(await t.world.call('/user/alert/list', token, { size: '100' }));
    return new Map(page.list.map((a) => [a.id, a]));
  }

  it('a move fires exactly the alerts it crossed, once per crossing, and re-arms past the hysteresis', async () => {
    await t.world.price('THYAO', '310.00');
    const user = await t.world.user();
    const live = watchAlerts(t.world.server.database.db, user.id);
    const a = await add(user.token, { symbol: 'THYAO', kind: 'above', threshold: '311' });
    const b = await add(user.token, { symbol: 'THYAO', kind: 'above', threshold: '312.50' });
    const c = await add(user.token, { symbol: 'THYAO', kind: 'above', threshold: '320' });
    const d = await add(user.token, { symbol: 'THYAO', kind: 'below', threshold: '300' });
    const other = await add(user.token, { symbol: 'ASELS', kind: 'above', threshold: '101' });

    await t.world.price('THYAO', '312.50');
    expect(live.seen.map((f) => [f.id, f.kind, f.threshold, f.figure])).toEqual([
      [a.id, 'above', '311', '312.50'],
      [b.id, 'above', '312.5', '312.50'],
    ]);
    let rows = await list(user.token);
    expect(rows.get(a.id)).toMatchObject({ armed: false, firedCount: 1, lastFiredAt: t.world.clock.t });
    expect(rows.get(c.id)).toMatchObject({ armed: true, firedCount: 0 });
    expect(rows.get(d.id)).toMatchObject({ armed: true, firedCount: 0 });
    expect(rows.get(other.id)).toMatchObject({ armed: true, firedCount: 0 });

    // Up and down around the line without reaching the re-arm level (312.5 × 0.995 = 310.9375): nothing.
    await t.world.price('THYAO', '315.00');
    await t.world.price('THYAO', '311.00');
    await t.world.price('THYAO', '313.00');
    expect(live.seen).toHaveLength(2);

    // Down to 310.90: b re-arms (quietly); a (re-arm 309.445) not yet.
    await t.world.price('THYAO', '310.90');
    rows = await list(user.token);
    expect(rows.get(b.id)?.armed).toBe(true);
    expect(rows.get(a.id)?.armed).toBe(false);
    expect(live.seen).toHaveLength(2);
    // Back up: b fires a second time, a does not.
    await t.world.price('THYAO', '312.60');
    expect(live.seen.map((f) => f.id)).toEqual([a.id, b.id, b.id]);
    expect((await list(user.token)).get(b.id)?.firedCount).toBe(2);
    live.off();
  });

  it('a deleted alert never fires, and another account hears nothing', async () => {
    await t.world.price('ASELS', '100.00');
    const user = await t.world.user();
    const live = watchAlerts(t.world.server.database.db, user.id);
    const demo = watchAlerts(t.world.server.database.db, user.id, 'demo');
    const gone = await add(user.token, { symbol: 'ASELS', kind: 'below', threshold: '99' });
    const kept = await add(user.token, { symbol: 'ASELS', kind: 'below', threshold: '98' });
    ok(await t.world.call('/user/alert/delete', user.token, { id: gone.id }));
    await t.world.price('ASELS', '97.00');
    expect(live.seen.map((f) => f.id)).toEqual([kept.id]);
    expect(demo.seen).toEqual([]);
    live.off();
    demo.off();
  });

  it('a ≥ 3 % move within 15 minutes fires once, then rests for the window', async () => {
    t.world.clock.t += 60 * MIN;
    await t.world.price('ASELS', '100.00');
    const user = await t.world.user();
    const live = watchAlerts(t.world.server.database.db, user.id);
    const m = await add(user.token, { symbol: 'ASELS', kind: 'move', threshold: '3', period: '15' });
    t.world.clock.t += 5 * MIN;
    await t.world.price('ASELS', '101.00');
    t.world.clock.t += 5 * MIN;
    await t.world.price('ASELS', '102.99');
    expect(live.seen).toEqual([]);
    t.world.clock.t += MIN;
    await t.world.price('ASELS', '103.00');
    expect(live.seen.map((f) => [f.id, f.kind, f.figure])).toEqual([[m.id, 'move', '3.00']]);
    t.world.clock.t += MIN;
    await t.world.price('ASELS', '106.00');
    expect(live.seen).toHaveLength(1);
    live.off();
  });

  it("respects the user's choices: price alerts off, nothing told (the alert still fires)", async () => {
    await t.world.price('THYAO', '310.00');
    const user = await t.world.user();
    const live = watchAlerts(t.world.server.database.db, user.id);
    ok(await t.world.call('/user/push/subscribe', user.token, { tell: 'move,risk' }));
    const a = await add(user.token, { symbol: 'THYAO', kind: 'above', threshold: '310.50' });
    await t.world.price('THYAO', '311.00');
    expect(live.seen).toEqual([]);
    expect((await list(user.token)).get(a.id)).toMatchObject({ armed: false, firedCount: 1 });
    live.off();
  });
});
