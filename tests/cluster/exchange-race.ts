import Decimal from 'decimal.js';
import { expect } from 'vitest';
import { shuffled } from '../support/random';
import type { Answer, partitionsWorld, User } from './partitions-support';

type World = ReturnType<typeof partitionsWorld>;
export type Side = 'exchange' | 'orders';
export type Currency = 'USDT' | 'TRY';
type Buy = { symbol: string; quantity: string };

/** The market buys that spend each currency: together about half of a fresh demo balance (10,000 USDT, 1,000,000 TRY). */
const BUYS: Record<Currency, Buy[]> = {
  USDT: [{ symbol: 'BTCUSDT', quantity: '0.06' }],
  TRY: [
    { symbol: 'THYAO', quantity: '800' },
    { symbol: 'ASELS', quantity: '1000' },
  ],
};
/** Where each currency's spendable balance sits in `demoBalances`. */
const FREE: Record<Currency, string> = { USDT: 'coin:USDT:available', TRY: 'stock:TRY:available' };
const other = (c: Currency): Currency => (c === 'USDT' ? 'TRY' : 'USDT');

export type RoundPlan = {
  /** The currency both sides spend: the exchange's `from`, the racing buys' cash. */
  from: Currency;
  /** The side sent first, `headStartMs` before the other. */
  lead: Side;
  headStartMs: number;
  /** The node the quote goes through; the booking goes through the next, the buys through each in turn. */
  via: number;
};

type Timed = { answer: Answer; sentAt: number; answeredAt: number };

export type RoundResult = RoundPlan & {
  userId: string;
  exchange: Answer;
  /** The buys that spend `from`. */
  racing: Answer[];
  /** The buys that spend the other currency, the one the exchange pays into: never short. */
  bystanders: Answer[];
  /** Who got the money: the exchange booked and a racing buy was refused, or the reverse; null otherwise. */
  winner: Side | null;
  /** The exchange and a racing buy were in flight at the same time (not one answered before the other left). */
  overlapped: boolean;
};

async function timed(send: () => Promise<Answer>): Promise<Timed> {
  const sentAt = performance.now();
  const answer = await send();
  return { answer, sentAt, answeredAt: performance.now() };
}

const after = <T>(ms: number, fn: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(fn);

const isCoin = (symbol: string) => symbol.endsWith('USDT');

function placeBuy(world: World, via: number, token: string, buy: Buy) {
  return isCoin(buy.symbol)
    ? world.call(via, '/coin/order/add', token, { ...buy, side: 'buy', type: 'market' })
    : world.call(via, '/stock/order/buy', token, { ...buy, type: 'market' });
}

/** What the buys would hold together, on the books as they are now (the ticket's own preview). */
async function holdOf(world: World, via: number, token: string, buys: Buy[]): Promise<Decimal> {
  let total = new Decimal(0);
  for (const buy of buys) {
    const path = isCoin(buy.symbol) ? '/coin/order/preview' : '/stock/order/preview';
    let preview = await world.call(via, path, token, { ...buy, side: 'buy', type: 'market' });
    // The simulated book's ask side can be empty for a moment (NO_LIQUIDITY): ask again, as a
    // ticket's preview would on the next tick, rather than sizing the round on no answer.
    for (let i = 0; i < 30 && preview.key === 'NO_LIQUIDITY'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      preview = await world.call(via, path, token, { ...buy, side: 'buy', type: 'market' });
    }
    expect(preview.code, JSON.stringify(preview)).toBe(0);
    total = total.plus(String(preview.data.hold));
  }
  return total;
}

/** Who won a round, from the answers: exactly one side must have had the money. */
function winnerOf(exchange: Answer, racing: Answer[]): Side | null {
  const booked = exchange.code === 0 && exchange.data.executed === true;
  const refused = racing.filter((a) => a.code !== 0);
  if (booked && refused.length > 0) return 'exchange';
  if (!booked && refused.length === 0) return 'orders';
  return null;
}

/**
 * One race on a fresh user: an exchange of `from` sized so that it fits alone, the buys of
 * `from` fit alone, and both together overdraw by half the buys' hold (room for the books to
 * move between the preview and the placing). The side `lead` is sent first, the other
 * `headStartMs` later; the other currency's buys go along with the racing ones, as bystanders
 * on the account the exchange pays into.
 */
export async function raceRound(
  world: World,
  user: User,
  pin: string,
  plan: RoundPlan,
): Promise<RoundResult> {
  const { from, via } = plan;
  const to = other(from);
  const token = user.userTokenDemo;
  const free = (await world.demoBalances(user.userId)).get(FREE[from]) ?? new Decimal(0);
  const held = await holdOf(world, via, token, BUYS[from]);
  const amount = free.minus(held.div(2)).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
  const quote = await world.call(via, '/user/exchange', token, { from, to, amount });
  expect(quote.code, JSON.stringify(quote)).toBe(0);
  const { quoteId } = quote.data.quote as { quoteId: string };
  const body = { from, to, amount, quoteId, tradePassword: pin };
  const exchange = () => timed(() => world.call((via + 1) % 3, '/user/exchange', token, body));
  const buys = () =>
    Promise.all(
      [...BUYS[from], ...BUYS[to]].map((b, k) => timed(() => placeBuy(world, (via + 2 + k) % 3, token, b))),
    );
  const [ex, orders] =
    plan.lead === 'exchange'
      ? await Promise.all([exchange(), after(plan.headStartMs, buys)])
      : await Promise.all([after(plan.headStartMs, exchange), buys()]);
  const racing = orders.slice(0, BUYS[from].length);
  return {
    ...plan,
    userId: user.userId,
    exchange: ex.answer,
    racing: racing.map((o) => o.answer),
    bystanders: orders.slice(BUYS[from].length).map((o) => o.answer),
    winner: winnerOf(
      ex.answer,
      racing.map((o) => o.answer),
    ),
    overlapped: racing.some((o) => o.sentAt < ex.answeredAt && ex.sentAt < o.answeredAt),
  };
}

/** A line a round: for the log, and for a failure's message. */
export function describeRound(r: RoundResult, index: number): string {
  const says = (a: Answer) => (a.code === 0 ? 'ok' : String(a.key));
  return (
    `#${index} ${r.from} ${r.lead} +${r.headStartMs.toFixed(0)}ms via ${r.via}: exchange ${says(r.exchange)}, ` +
    `buys ${r.racing.map(says).join('/')}, bystanders ${r.bystanders.map(says).join('/')} → ` +
    `${r.winner ?? 'nobody/both'}${r.overlapped ? ', overlapped' : ''}`
  );
}

/** Each lead side on each currency: the four kinds of round, each to be won by its leader. */
const KINDS = (['exchange', 'orders'] as const).flatMap((lead) =>
  (['USDT', 'TRY'] as const).map((from) => ({ lead, from })),
);
type Kind = (typeof KINDS)[number];
/** Every kind three times over: the planned rounds, in a drawn order. */
const PLANNED = [...KINDS, ...KINDS, ...KINDS];
/** Rounds added, of the kinds whose leader has not won yet, before the test gives up on seeing it win. */
const EXTRA = 12;

/** The kinds of round whose leader has not won one yet. */
export const unwon = (results: readonly RoundResult[]) =>
  KINDS.filter((k) => !results.some((r) => r.lead === k.lead && r.from === k.from && r.winner === k.lead));

/**
 * The races, each on a fresh user: every planned round, then (on a machine slow enough that a
 * leader never got there) rounds of the kinds whose leader has not won yet. Each kind's head
 * start doubles (and 4 ms) while its leader loses and shrinks by a quarter when it wins, so the
 * rounds sit near the point where both sides arrive together, whatever the machine's load makes it.
 */
export async function raceRounds(world: World, pin: string, random: () => number): Promise<RoundResult[]> {
  const order = shuffled(random, PLANNED.length).map((i) => PLANNED[i]!);
  const key = (k: Kind) => `${k.lead}:${k.from}`;
  const lead = new Map(KINDS.map((k) => [key(k), k.lead === 'exchange' ? 1 + random() * 4 : random() * 2]));
  const results: RoundResult[] = [];
  for (let n = 0; n < PLANNED.length + EXTRA; n++) {
    const kind = order[n] ?? unwon(results)[0];
    if (!kind) break;
    const headStartMs = lead.get(key(kind))! * (0.5 + random());
    const result = await raceRound(world, await world.newUser(pin), pin, {
      ...kind,
      via: n % 3,
      headStartMs,
    });
    results.push(result);
    const was = lead.get(key(kind))!;
    lead.set(key(kind), result.winner === kind.lead ? was * 0.75 : was * 2 + 4);
  }
  return results;
}
