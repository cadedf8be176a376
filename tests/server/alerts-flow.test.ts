import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import { ALERTS_PER_USER } from '../../domain/alerts/kinds';
import type { AlertRow } from '../../domain/protocol/alerts';
import { alerts } from '../../server/db/schema/alerts';
import { dbTargets } from '../support/server';
import { alertWorld, ok, TR } from './alerts-support';

type Page = { list: AlertRow[]; total: number; page: number; size: number };

describe.each(dbTargets())('alerts: add, list, delete on %s', (target) => {
  const t = sharedWorld(() => alertWorld(target));

  const rows = async () => {
    const [row] = await t.world.server.database.db.select({ n: count() }).from(alerts);
    return row?.n ?? 0;
  };

  it('adds each kind, lists them newest first, deletes one', async () => {
    const { token } = await t.world.user();
    const above = ok<AlertRow>(
      await t.world.call('/user/alert/add', token, { symbol: 'thyao', kind: 'above', threshold: '312.50' }),
    );
    expect(above).toMatchObject({
      symbol: 'THYAO',
      kind: 'above',
      threshold: '312.5',
      armed: true,
      firedCount: 0,
    });
    ok(await t.world.call('/user/alert/add', token, { symbol: 'THYAO', kind: 'below', threshold: '300' }));
    ok(
      await t.world.call('/user/alert/add', token, {
        symbol: 'ASELS',
        kind: 'move',
        threshold: '3',
        period: '15',
      }),
    );
    ok(
      await t.world.call('/user/alert/add', token, {
        symbol: 'BTCUSDT',
        kind: 'liquidation',
        threshold: '5',
      }),
    );
    const margin = ok<AlertRow>(
      await t.world.call('/user/alert/add', token, { symbol: 'BTCUSDT', kind: 'margin', threshold: '80' }),
    );
    const page = ok<Page>(await t.world.call('/user/alert/list', token));
    expect(page.total).toBe(5);
    expect(page.list.map((a) => a.kind)).toEqual(['margin', 'liquidation', 'move', 'below', 'above']);
    expect(page.list.find((a) => a.kind === 'move')?.windowMinutes).toBe(15);

    expect(ok(await t.world.call('/user/alert/delete', token, { id: margin.id }))).toEqual({
      id: margin.id,
      deleted: true,
    });
    expect(ok<Page>(await t.world.call('/user/alert/list', token)).total).toBe(4);
    // Another user sees none of them and cannot delete them.
    const other = await t.world.user();
    expect(ok<Page>(await t.world.call('/user/alert/list', other.token)).total).toBe(0);
    const refused = await t.world.call('/user/alert/delete', other.token, { id: above.id });
    expect(refused).toMatchObject({ code: -1001, key: 'ALERT_NOT_FOUND' });
    expect(ok<Page>(await t.world.call('/user/alert/list', token)).total).toBe(4);
  });

  it.each([
    [{ symbol: 'NOPE', kind: 'above', threshold: '1' }, 'UNKNOWN_SYMBOL'],
    [{ symbol: 'THYAO', kind: 'sideways', threshold: '1' }, 'FIELD_INVALID'],
    [{ symbol: 'THYAO', kind: 'above', threshold: '1,5' }, 'NUMBER_FORMAT'],
    [{ symbol: 'THYAO', kind: 'above', threshold: '305' }, 'ALERT_ALREADY_PAST'],
    [{ symbol: 'THYAO', kind: 'below', threshold: '310' }, 'ALERT_ALREADY_PAST'],
    // "0" says greater than 0; a level no price reaches (99,999,999 on a ~305 TL stock) is a typo.
    [{ symbol: 'THYAO', kind: 'above', threshold: '0' }, 'ALERT_LEVEL_NOT_POSITIVE'],
    [{ symbol: 'THYAO', kind: 'above', threshold: '99999999' }, 'ALERT_LEVEL_FAR'],
    [{ symbol: 'THYAO', kind: 'below', threshold: '0.5' }, 'ALERT_LEVEL_FAR'],
    [{ symbol: 'THYAO', kind: 'move', threshold: '3' }, 'FIELD_REQUIRED'],
    [{ symbol: 'THYAO', kind: 'move', threshold: '3', period: '7' }, 'FIELD_INVALID'],
    [{ symbol: 'THYAO', kind: 'move', threshold: '60', period: '5' }, 'ALERT_THRESHOLD_RANGE'],
    [{ symbol: 'BTCUSDT', kind: 'margin', threshold: '0.01' }, 'ALERT_THRESHOLD_RANGE'],
    [{ symbol: 'THYAO', kind: 'liquidation', threshold: '5' }, 'ALERT_NOT_CONTRACT'],
  ])('refuses %j with %s, localized, changing nothing', async (fields, key) => {
    const { token } = await t.world.user();
    const before = await rows();
    const answer = await t.world.call('/user/alert/add', token, fields, TR);
    expect(answer).toMatchObject({ code: -1001, key });
    expect(answer.msg).not.toBe(key);
    expect(answer.msg.length).toBeGreaterThan(0);
    expect(await rows()).toBe(before);
  });

  it(`holds an account to ${ALERTS_PER_USER} alerts`, async () => {
    const { token } = await t.world.user();
    for (let i = 0; i < ALERTS_PER_USER; i++)
      ok(
        await t.world.call('/user/alert/add', token, {
          symbol: 'THYAO',
          kind: 'above',
          threshold: String(400 + i),
        }),
      );
    const before = await rows();
    const full = await t.world.call('/user/alert/add', token, {
      symbol: 'THYAO',
      kind: 'above',
      threshold: '999',
    });
    expect(full).toMatchObject({ code: -1001, key: 'ALERT_LIMIT_REACHED' });
    expect(full.msg).toContain(String(ALERTS_PER_USER));
    expect(await rows()).toBe(before);
  });

  it('asks for a session', async () => {
    const answer = await t.world.call('/user/alert/list', undefined);
    expect(answer.code).toBe(-1000);
  });
});
