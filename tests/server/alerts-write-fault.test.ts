import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { AlertRow } from '../../domain/protocol/alerts';
import { dbTargets } from '../support/server';
import { alertWorld, ok, watchAlerts } from './alerts-support';

type Page = { list: AlertRow[]; total: number };

/**
 * The database refuses one alert's write (a dropped connection, a failover, a lock timeout): that
 * fire is lost and logged, but the engine goes on saving and telling every later one.
 */
describe.each(dbTargets())('an alert write the database refused on %s', (target) => {
  const t = sharedWorld(() => alertWorld(target));

  it('does not stop the fires after it from being saved and told', async () => {
    const db = t.world.server.database.db;
    await t.world.price('THYAO', '310.00');
    await t.world.price('ASELS', '100.00');
    const user = await t.world.user();
    const live = watchAlerts(db, user.id);
    const add = async (symbol: string, threshold: string) =>
      ok<AlertRow>(await t.world.call('/user/alert/add', user.token, { symbol, kind: 'above', threshold }));
    const refused = await add('THYAO', '311');
    const later = await add('ASELS', '101');

    await db.execute(
      sql.raw(`create function refuse_alert_write() returns trigger language plpgsql as $$
        begin
          if new.id = ${BigInt(refused.id)} then raise exception 'alert write refused'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_alert_write before update on alerts
        for each row execute function refuse_alert_write()`),
    );
    await t.world.price('THYAO', '312.00');
    expect(live.seen).toEqual([]);
    await db.execute(sql.raw('drop trigger refuse_alert_write on alerts'));

    await t.world.price('ASELS', '102.00');
    expect(live.seen.map((f) => [f.id, f.figure])).toEqual([[later.id, '102.00']]);
    const page = ok<Page>(await t.world.call('/user/alert/list', user.token, { size: '10' }));
    const rows = new Map(page.list.map((a) => [a.id, a]));
    expect(rows.get(later.id)).toMatchObject({ armed: false, firedCount: 1 });
    expect(rows.get(refused.id)).toMatchObject({ armed: true, firedCount: 0 });
    live.off();
  });
});
