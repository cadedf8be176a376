import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorKey } from '../../domain/protocol/error-keys';
import { scaleProblem, type ColumnScale } from '../../domain/validation/scale';
import { CANONICAL_DECIMAL } from '../../domain/format/parse';
import { hashPin } from '../../server/accounts/pin-hash';
import { setPinHash } from '../../server/accounts/pins';
import { fundFromSandbox } from '../../server/ledger/moves';
import { declaredEndpoints } from '../support/endpoints';
import { decimalFieldsOf, type NumericTarget } from '../support/numeric-fields';
import { pick, rng, seedFromEnv } from '../support/random';
import { dbTargets, postForm } from '../support/server';
import { coinBook, spotWorld, stockBook, trader, type SpotWorld, type Trader } from './spot-support';

const PIN = '135790';
const REQUESTS = 320;

/**
 * An otherwise valid request of each declaration with decimal fields (`METHOD path`), one for
 * each shape it takes: the fuzzer puts a random number in one of its decimal fields. Ids name
 * rows made in setup where there is one to make; an unknown one is refused, which is as good.
 */
function bases(ids: { position: string }): Record<string, Record<string, string>[]> {
  const trade = { tradePassword: PIN };
  const withdraw = { withdrawPassword: PIN };
  const stockStop = { symbol: 'THYAO', side: 'buy', quantity: '1', ...trade };
  const coinStop = { symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', ...trade };
  const contract = { symbol: 'BTCUSDT', side: 'long', leverage: '10', acceptRisk: '1', ...trade };
  return {
    'POST /stock/ai/buy': [{ action: 'buy', id: 'balanced', amount: '1000', ...trade }],
    'POST /stock/ai/order/add/amount': [{ id: '1', amount: '1000', ...trade }],
    'POST /user/alert/add': [
      { symbol: 'THYAO', kind: 'above', threshold: '150' },
      { symbol: 'THYAO', kind: 'move', threshold: '5', period: '15' },
    ],
    'POST /coin/order/add': [
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price: '49000' },
    ],
    'POST /coin/transfer': [{ from: 'coin', to: 'contract', currency: 'USDT', amount: '10', ...trade }],
    'POST /stock/order/conditional/add': [
      { ...stockStop, kind: 'stop_limit', trigger: '105.00', limit: '106.00' },
      { ...stockStop, side: 'sell', kind: 'trailing', trailBy: 'percent', trailValue: '2' },
      {
        ...stockStop,
        kind: 'stop',
        trigger: '105.00',
        oco: '1',
        ocoKind: 'stop_limit',
        ocoTrigger: '95.00',
        ocoLimit: '95.50',
      },
    ],
    'POST /coin/order/conditional/add': [
      { ...coinStop, kind: 'stop_limit', trigger: '51000', limit: '51100' },
      { ...coinStop, side: 'sell', kind: 'trailing', trailBy: 'amount', trailValue: '100' },
      {
        ...coinStop,
        kind: 'stop',
        trigger: '51000',
        oco: '1',
        ocoKind: 'stop_limit',
        ocoTrigger: '49000',
        ocoLimit: '49100',
      },
    ],
    'POST /coin/contract/order/add': [
      { ...contract, margin: '100', takeProfit: '60000', stopLoss: '47000' },
      { ...contract, quantity: '0.01' },
    ],
    'POST /coin/contract/order/close': [{ id: ids.position, quantity: '0.001' }],
    'POST /coin/contract/order/set/profit': [{ id: ids.position, price: '60000' }],
    'POST /coin/contract/order/set/loss': [{ id: ids.position, price: '45000' }],
    'POST /coin/contract/order/add/mgn': [{ id: ids.position, amount: '10' }],
    'POST /user/drawing/save': [
      { symbol: 'THYAO', kind: 'hline', price: '100' },
      {
        symbol: 'THYAO',
        kind: 'trend',
        price: '100',
        time: '1763888400000',
        price2: '101',
        time2: '1763892000000',
      },
    ],
    'POST /user/exchange': [{ from: 'TRY', to: 'USDT', amount: '100', ...trade }],
    'POST /user/recharge/add': [{ channelId: 'ziraat', amount: '1000' }],
    'POST /user/withdraw/add': [{ cardId: '1', amount: '100', ...withdraw }],
    'POST /coin/recharge/add': [{ currency: 'USDT', chain: 'TRC20', amount: '100', txHash: 'HASH' }],
    'POST /coin/withdraw/add': [{ addressId: '1', amount: '10', ...withdraw }],
    'POST /coin/order/new/apply': [{ id: '1', amount: '100', ...trade }],
    'POST /user/vip/buy': [{ plan: 'paid', price: '100', paidUntil: '0', ...trade }],
    'POST /robot/buy': [{ action: 'buy', robotId: '1', amount: '500', days: '1', ...trade }],
    'POST /stock/order/buy': [{ symbol: 'THYAO', type: 'limit', quantity: '1', price: '99.00' }],
    'POST /stock/order/sell': [{ symbol: 'THYAO', type: 'limit', quantity: '1', price: '101.00' }],
  };
}

/**
 * Fields whose answer is an outcome rather than a copy of what was sent: a contract's margin and
 * quantity are what the market filled (a margin buys what the book offers), a close's quantity
 * and an added margin answer the position after it.
 */
const OUTCOMES = new Set([
  'POST /coin/contract/order/add margin',
  'POST /coin/contract/order/add quantity',
  'POST /coin/contract/order/close quantity',
  'POST /coin/contract/order/add/mgn amount',
]);

/** Fields the answer names otherwise: a take-profit or stop-loss set on a position. */
const ANSWERED_AS: Record<string, string> = {
  'POST /coin/contract/order/set/profit price': 'takeProfit',
  'POST /coin/contract/order/set/loss price': 'stopLoss',
};

/**
 * Numbers as a client, a script or an attacker may send them; a third are the request's own
 * value with trailing zeros or one more digit far right, which the column may or may not keep.
 */
function randomNumber(random: () => number, own: string): string {
  if (random() < 0.33) {
    const point = own.includes('.') ? own : `${own}.`;
    const zeros = '0'.repeat(Math.floor(random() * 30));
    return random() < 0.5 ? `${point}${zeros}` : `${point}${zeros}${1 + Math.floor(random() * 9)}`;
  }
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const whole = () => digits(1 + Math.floor(random() * 25)).replace(/^0+(?=\d)/, '');
  const fraction = () => digits(Math.floor(random() * 41));
  switch (Math.floor(random() * 10)) {
    case 0:
      return pick(random, ['1e20', '1e-27', '-1e5', '1E3', '2e0', '1e+21', '-1e-18']);
    case 1:
      return pick(random, [
        '',
        '.',
        '-',
        '+1',
        ' 1',
        '1 ',
        '1,5',
        '0x10',
        'NaN',
        'Infinity',
        '١٢',
        '1_000',
        '00.5',
      ]);
    case 2:
      return `${random() < 0.5 ? '-' : ''}${whole()}`;
    case 3:
      return `${whole().slice(0, 3) || '0'}.${fraction()}`;
    case 4:
      return `0.${'0'.repeat(Math.floor(random() * 30))}1`;
    case 5:
      return `${digits(1)}${'0'.repeat(19 + Math.floor(random() * 20))}`;
    case 6:
      return `-${whole()}.${fraction()}`;
    default:
      return `${whole()}.${fraction()}`;
  }
}

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
  let position = '1';
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
    await setPinHash(world.db, me.userId, 'trade', hashPin(PIN));
    await setPinHash(world.db, me.userId, 'withdraw', hashPin(PIN));
    const opened = await send('POST', '/coin/contract/order/add', {
      ...bases({ position })['POST /coin/contract/order/add']![0]!,
    });
    const id = echoed(opened.body.data, 'id');
    if (opened.body.code === 0 && id !== null) position = id;
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
    const requests = bases({ position });
    const uncovered = targets.filter(
      (t) => !t.fields.every((f) => requests[t.key]?.some((base) => f.name in base)),
    );
    expect(uncovered.map((t) => `${t.key} [${t.fields.map((f) => f.name).join(', ')}]`)).toEqual([]);
  });

  it('answers any number in any of them in an envelope; what it takes fits its column and is kept as sent', async () => {
    const random = rng(seed);
    const requests = bases({ position });
    const slots = [...declaredEndpoints().keys()]
      .flatMap(decimalFieldsOf)
      .flatMap((t: NumericTarget) =>
        (requests[t.key] ?? []).flatMap((base) =>
          t.fields.filter((f) => f.name in base).map((field) => ({ target: t, base, field })),
        ),
      );
    const seen = { accepted: 0, kept: 0, refused: 0 };
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
          continue;
        }
        seen.refused++;
        expect([body.code, isErrorKey(body.key)], `${what}: ${text.slice(0, 300)}`).toEqual([-1001, true]);
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
    expect(seen.refused).toBeGreaterThan(0);
  }, 120_000);
});
