import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorKey } from '../../domain/protocol/error-keys';
import { scaleProblem, type ColumnScale } from '../../domain/validation/scale';
import { CANONICAL_DECIMAL } from '../../domain/format/parse';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { setPinHash } from '../../server/accounts/pins';
import { fundFromSandbox } from '../../server/ledger/moves';
import { declaredEndpoints } from '../support/endpoints';
import { decimalFieldsOf, type NumericTarget } from '../support/numeric-fields';
import { pick, rng, seedFromEnv } from '../support/random';
import {
  ANSWERED_AS,
  bases,
  OUTCOMES,
  PIN,
  randomNumber,
  READS,
  type SetupIds,
} from './numeric-scale-support';
import { dbTargets, postForm } from '../support/server';
import { coinBook, spotWorld, stockBook, trader, type SpotWorld, type Trader } from './spot-support';

const REQUESTS = 320;

/** The refusals a bad number in one field may get before the handler runs. */
const FIELD_KEYS = [
  'NUMBER_FORMAT',
  'FIELD_REQUIRED',
  'FIELD_TOO_LONG',
  'AMOUNT_PRECISION',
  'NUMBER_OUT_OF_RANGE',
];

/** The first string value under `name` in an answer (the row it made, or its list's first). */
function echoed(data: unknown, name: string, depth = 0): string | null {
  if (depth > 3 || typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (typeof record[name] === 'string') return record[name];
  for (const value of Object.values(Array.isArray(data) ? data.slice(0, 1) : record)) {
    const found = echoed(value, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function fits(value: string, column: ColumnScale): boolean {
  return CANONICAL_DECIMAL.test(value) && scaleProblem(value, column) === null;
}

describe.each(dbTargets())('every decimal field read at its column scale on %s', (target) => {
  let world: SpotWorld;
  let me: Trader;
  const ids: SetupIds = { position: '1', strike: '100.00', expiresAt: '1795000000000' };
  const seed = seedFromEnv();

  beforeAll(async () => {
    world = await spotWorld(target);
    stockBook(world.source);
    coinBook(world.source);
    world.source.setMark('BTCUSDT', { mark: '50000.00' });
    me = await trader(world.db, { TRY: '10000000', USDT: '10000000' });
    await fundFromSandbox(world.db, {
      reason: 'sandbox_funding',
      referenceType: 'operator',
      referenceId: 'test',
      userId: me.userId,
      accountType: 'real',
      wallet: 'contract',
      currency: 'USDT',
      amount: '100000',
    });
    await setPinHash(world.db, me.userId, 'trade', hashPin(pinKeyOf(world.db), PIN));
    await setPinHash(world.db, me.userId, 'withdraw', hashPin(pinKeyOf(world.db), PIN));
    const opened = await send('POST', '/coin/contract/order/add', {
      ...bases(ids)['POST /coin/contract/order/add']![0]!,
    });
    const id = echoed(opened.body.data, 'id');
    if (opened.body.code === 0 && id !== null) ids.position = id;
    // A strike and an expiry the option rule lists, so an option's request is otherwise valid.
    const rule = await send('GET', '/stock/index/option/rule', { symbol: 'THYAO' });
    const listed = rule.body.data as { strikes?: string[]; expiries?: { expiresAt: number }[] } | undefined;
    ids.strike = listed?.strikes?.[Math.floor(listed.strikes.length / 2)] ?? ids.strike;
    ids.expiresAt = String(listed?.expiries?.[0]?.expiresAt ?? ids.expiresAt);
  });
  afterAll(async () => world?.close());

  async function send(method: string, path: string, fields: Record<string, string>) {
    const headers = { accesstoken: me.token, 'Accept-Language': 'en-US' };
    const res =
      method === 'GET'
        ? await fetch(`${world.server.api(path)}?${new URLSearchParams(fields)}`, { headers })
        : await postForm(world.server.api(path), fields, headers);
    const text = await res.text();
    let body: { code?: unknown; key?: unknown; msg?: unknown; data?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: the assertion below names what came back.
    }
    return { status: res.status, text, body };
  }

  it('finds decimal fields in the declarations, and a valid request of each', () => {
    const targets = [...declaredEndpoints().keys()].flatMap(decimalFieldsOf);
    expect(targets.length).toBeGreaterThan(20);
    const requests = bases(ids);
    const uncovered = targets.filter(
      (t) => !t.fields.every((f) => requests[t.key]?.some((base) => f.name in base)),
    );
    expect(uncovered.map((t) => `${t.key} [${t.fields.map((f) => f.name).join(', ')}]`)).toEqual([]);
  });

  it('answers any number in any of them in an envelope; what it takes fits its column and is kept as sent', async () => {
    const random = rng(seed);
    const requests = bases(ids);
    const slots = [...declaredEndpoints().keys()]
      .flatMap(decimalFieldsOf)
      .flatMap((t: NumericTarget) =>
        (requests[t.key] ?? []).flatMap((base) =>
          t.fields.filter((f) => f.name in base).map((field) => ({ target: t, base, field })),
        ),
      );
    const seen = { accepted: 0, kept: 0, refused: 0 };
    const stored: { key: string; id: string; name: string; value: string; what: string }[] = [];
    try {
      for (let i = 0; i < REQUESTS; i++) {
        const { target: t, base, field } = pick(random, slots);
        const value = randomNumber(random, base[field.name]!);
        const fields = { ...base, [field.name]: value };
        if (fields.txHash === 'HASH') fields.txHash = `${seed.toString(16)}${i}`.padStart(64, 'c');
        const what = `${t.key} ${field.name}=${JSON.stringify(value)}`;
        const { status, text, body } = await send(t.endpoint.method, t.endpoint.path, fields);
        expect([200, 404, 413], `${what}: HTTP ${status} ${text.slice(0, 300)}`).toContain(status);
        expect(typeof body.code === 'number' && 'data' in body, `${what}: ${text.slice(0, 300)}`).toBe(true);
        if (body.code === 0) {
          seen.accepted++;
          expect(fits(value, field.column) || value === '', `${what} was taken`).toBe(true);
          const slot = `${t.key} ${field.name}`;
          const copied = value !== '' && !OUTCOMES.has(slot);
          const kept = copied ? echoed(body.data, ANSWERED_AS[slot] ?? field.name) : null;
          if (kept === null) continue;
          seen.kept++;
          expect(new Decimal(kept).eq(value), `${what} answered ${kept}`).toBe(true);
          const id = echoed(body.data, 'id');
          if (READS[t.key] && id !== null) stored.push({ key: t.key, id, name: field.name, value, what });
          continue;
        }
        seen.refused++;
        expect(
          [body.code, typeof body.key === 'string' && isErrorKey(body.key)],
          `${what}: ${text.slice(0, 300)}`,
        ).toEqual([-1001, true]);
        if (CANONICAL_DECIMAL.test(value) && value.length <= 30) {
          const problem = scaleProblem(value, field.column);
          if (problem)
            expect([body.key, body.msg], what).toEqual([
              problem.key,
              expect.stringContaining(String(problem.params?.decimals ?? problem.params?.digits)),
            ]);
        } else if (!fits(value, field.column) && value !== '')
          expect(FIELD_KEYS, `${what}: ${body.key}`).toContain(body.key);
      }
    } catch (error) {
      console.error(`numeric-scale property test failed with SEED=${seed}`);
      throw error;
    }
    expect(seen.kept, `seed ${seed}: nothing taken and answered proves little`).toBeGreaterThan(0);
    expect(stored.length, `seed ${seed}: no row to read back`).toBeGreaterThan(0);
    // Read back through the lists: what was stored is what was sent, digit for digit in value.
    for (const [key, read] of Object.entries(READS)) {
      const rows = (await send('POST', read.path, read.fields)).body.data as {
        list: Record<string, unknown>[];
      };
      for (const row of stored.filter((r) => r.key === key)) {
        const found = rows.list.find((r) => r.id === row.id);
        expect(found?.[row.name], `seed ${seed}: ${row.what} read back`).toBeDefined();
        expect(new Decimal(String(found?.[row.name])).eq(row.value), `seed ${seed}: ${row.what}`).toBe(true);
      }
    }
    expect(seen.refused).toBeGreaterThan(0);
  }, 120_000);
});
