import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountType, Wallet } from '../../domain/protocol/account';
import type { Db } from '../../server/db/client';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { users } from '../../server/db/schema/users';
import { ApiError } from '../../server/http/errors';
import {
  accountCode,
  systemAccount,
  userAccount,
  type AccountRef,
  type Bucket,
} from '../../server/ledger/account-ref';
import { openUserLedger } from '../../server/ledger/accounts';
import { canonical, LedgerDecimal, LedgerError } from '../../server/ledger/decimal';
import { freeze, fundFromSandbox, transfer, unfreeze } from '../../server/ledger/moves';
import { postTransaction, type PostedTransaction } from '../../server/ledger/post';
import { verifyLedger } from '../../server/ledger/verify';
import { pick, rng, seedFromEnv } from '../support/random';
import { dbTargets, freshDatabase } from '../support/server';

/**
 * Property test of the ledger: seeded random sequences of postings (funding, transfers, freezes,
 * fills, payments between users, replays, malformed postings), some run concurrently against
 * the same accounts. A model predicts every sequential outcome; afterwards every transaction
 * balances per currency, no user account is negative, stored balances equal their entries and
 * the model's balances equal the database's.
 */
const SEQUENCES = 1000;
const CURRENCIES = ['TRY', 'USDT', 'BTC'] as const;
const WALLET_LIST: Wallet[] = ['stock', 'coin', 'contract'];
const ACCOUNT_TYPES: AccountType[] = ['real', 'demo'];

type Op = {
  label: string;
  /** The balance changes it makes when it posts. */
  deltas: [AccountRef, LedgerDecimal][];
  /** Malformed: must throw LedgerError whatever the balances. */
  malformed?: boolean;
  /** Replays an earlier key: must answer that transaction's id and post nothing. */
  replayOf?: bigint;
  key?: string;
  run: (db: Db) => Promise<PostedTransaction>;
};

type Outcome = { ok: true; posted: PostedTransaction } | { ok: false; error: unknown };

function runProperty(db: Db, seed: number, userIds: bigint[], model: Map<string, LedgerDecimal>) {
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const keys: { key: string; id: bigint }[] = [];
  /** What the run exercised, so a generator drifting into trivia fails the test. */
  const stats = { posted: 0, insufficient: 0, malformed: 0, replays: 0, concurrentGroups: 0, raceLosses: 0 };
  const balance = (ref: AccountRef) => model.get(accountCode(ref)) ?? new LedgerDecimal(0);

  /** A random canonical amount with 0–18 decimals, built digit by digit (no floats). */
  function amount(): LedgerDecimal {
    const whole = String(int(10 ** int(7)));
    const decimals = int(4) === 0 ? 0 : int(19);
    const frac = Array.from({ length: decimals }, () => String(int(10))).join('');
    const value = new LedgerDecimal(decimals > 0 ? `${whole}.${frac}` : whole);
    return value.isZero() ? new LedgerDecimal('0.000000000000000001') : value;
  }
  /** Mostly random; sometimes exactly the balance, or just over it, to hit the edge. */
  function debit(from: AccountRef): LedgerDecimal {
    const have = balance(from);
    const roll = int(10);
    if (roll === 0 && have.gt(0)) return have;
    if (roll === 1) return have.plus('0.000000000000000001');
    if (roll < 6 && have.gt(0))
      return have.mul(random().toFixed(6)).toDecimalPlaces(18).plus('0.000000000000000001');
    return amount();
  }
  const meta = (reason: string, key?: string) => ({
    reason,
    referenceType: 'property',
    referenceId: String(seed),
    ...(key ? { idempotencyKey: key } : {}),
  });
  const anyUser = () => pick(random, userIds);
  const freshKey = () => (int(3) === 0 ? `p-${seed}-${randomBytes(6).toString('hex')}` : undefined);

  function makeOp(): Op {
    const userId = anyUser();
    const accountType = pick(random, ACCOUNT_TYPES);
    const wallet = pick(random, WALLET_LIST);
    const currency = pick(random, CURRENCIES);
    const at = (bucket: Bucket, w: Wallet = wallet, c: string = currency, u = userId) =>
      userAccount(u, accountType, w, c, bucket);
    const key = freshKey();
    const roll = int(100);
    if (roll < 12) {
      const a = amount();
      return {
        label: `fund ${a} ${currency} → ${userId} ${wallet}`,
        key,
        deltas: [
          [systemAccount('sandbox_funding', currency), a.neg()],
          [userAccount(userId, 'real', wallet, currency), a],
        ],
        run: (db) =>
          fundFromSandbox(db, {
            userId,
            accountType: 'real',
            wallet,
            currency,
            amount: a.toFixed(),
            ...meta('sandbox_funding', key),
          }),
      };
    }
    if (roll < 30) {
      const to = pick(
        random,
        WALLET_LIST.filter((w) => w !== wallet),
      );
      const a = debit(at('available'));
      return {
        label: `transfer ${a} ${currency} ${wallet}→${to} of ${userId} ${accountType}`,
        key,
        deltas: [
          [at('available'), a.neg()],
          [at('available', to), a],
        ],
        run: (db) =>
          transfer(db, {
            userId,
            accountType,
            fromWallet: wallet,
            toWallet: to,
            currency,
            amount: a,
            ...meta('transfer', key),
          }),
      };
    }
    if (roll < 55) {
      const thaw = int(2) === 0;
      const [from, to]: [Bucket, Bucket] = thaw ? ['frozen', 'available'] : ['available', 'frozen'];
      const a = debit(at(from));
      const move = {
        userId,
        accountType,
        wallet,
        currency,
        amount: a,
        ...meta(thaw ? 'order_unfreeze' : 'order_freeze', key),
      };
      return {
        label: `${thaw ? 'unfreeze' : 'freeze'} ${a} ${currency} ${wallet} of ${userId} ${accountType}`,
        key,
        deltas: [
          [at(from), a.neg()],
          [at(to), a],
        ],
        run: (db) => (thaw ? unfreeze(db, move) : freeze(db, move)),
      };
    }
    if (roll < 75) {
      // A fill: pay one currency to the market, receive another, with a fee to the fees account.
      const other = pick(
        random,
        CURRENCIES.filter((c) => c !== currency),
      );
      const pay = debit(at('available'));
      const fee = pay.div(1000).toDecimalPlaces(18);
      const get = amount();
      const deltas: [AccountRef, LedgerDecimal][] = [
        [at('available'), pay.neg()],
        [systemAccount('market', currency), pay.minus(fee)],
        [at('available', wallet, other), get],
        [systemAccount('market', other), get.neg()],
      ];
      if (!fee.isZero()) deltas.push([systemAccount('fees', currency), fee]);
      return {
        label: `fill ${pay} ${currency} for ${get} ${other}, ${userId} ${accountType}`,
        key,
        deltas,
        run: post('fill', deltas, key),
      };
    }
    if (roll < 88) {
      const payee = anyUser();
      const pay = debit(at('available'));
      const deltas: [AccountRef, LedgerDecimal][] = [
        [at('available'), pay.neg()],
        [at('available', pick(random, WALLET_LIST), currency, payee), pay],
      ];
      return {
        label: `pay ${pay} ${currency} ${userId}→${payee}`,
        key,
        deltas,
        run: post('payment', deltas, key),
      };
    }
    if (roll < 94 && keys.length > 0) {
      const earlier = pick(random, keys);
      // Different lines under an old key: the key wins, nothing is posted.
      const deltas: [AccountRef, LedgerDecimal][] = [
        [systemAccount('sandbox_funding', currency), new LedgerDecimal(-1)],
        [at('available'), new LedgerDecimal(1)],
      ];
      return {
        label: `replay ${earlier.key}`,
        replayOf: earlier.id,
        deltas: [],
        run: post('sandbox_funding', deltas, earlier.key),
      };
    }
    const a = amount();
    const bad: [AccountRef, string][][] = [
      [
        [at('available'), a.neg().toFixed()],
        [systemAccount('market', currency), a.plus('0.000000000000000001').toFixed()],
      ],
      [
        [at('available'), '0'],
        [systemAccount('market', currency), '0'],
      ],
      [
        [at('available'), '-0.0000000000000000001'],
        [systemAccount('market', currency), '0.0000000000000000001'],
      ],
      [
        [at('available'), a.neg().toFixed()],
        [systemAccount('market', currency === 'TRY' ? 'USDT' : 'TRY'), a.toFixed()],
      ],
    ];
    const lines = pick(random, bad).map(([account, value]) => ({ account, amount: value }));
    return {
      label: `malformed ${JSON.stringify(lines.map((l) => l.amount))}`,
      malformed: true,
      deltas: [],
      run: (db) => postTransaction(db, { ...meta('malformed'), lines }),
    };
  }

  function post(reason: string, deltas: [AccountRef, LedgerDecimal][], key?: string) {
    return (db: Db) =>
      postTransaction(db, {
        ...meta(reason, key),
        lines: deltas.map(([account, a]) => ({ account, amount: a.toFixed() })),
      });
  }

  /** Would the op post on the model's balances? Each account's net change counts, as in the ledger. */
  function fits(deltas: [AccountRef, LedgerDecimal][]): boolean {
    const after = new Map<string, LedgerDecimal>();
    for (const [ref, d] of deltas) {
      const code = accountCode(ref);
      after.set(code, (after.get(code) ?? balance(ref)).plus(d));
    }
    return [...after.entries()].every(([code, v]) => code.startsWith('system:') || !v.isNegative());
  }

  function apply(op: Op, posted: PostedTransaction) {
    for (const [ref, d] of op.deltas) model.set(accountCode(ref), balance(ref).plus(d));
    if (op.key) keys.push({ key: op.key, id: posted.id });
  }

  async function outcome(op: Op): Promise<Outcome> {
    try {
      return { ok: true, posted: await op.run(db) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  return { stats, sequence };

  async function sequence(index: number): Promise<void> {
    const concurrent = int(10) < 3;
    const ops = Array.from({ length: concurrent ? 2 + int(3) : 1 + int(3) }, makeOp).filter(
      (op) => !(concurrent && (op.malformed || op.replayOf)),
    );
    const context = (op: Op) =>
      `SEED=${seed} replays; sequence ${index} (${concurrent ? 'concurrent' : 'sequential'}): ${op.label}`;
    if (!concurrent) {
      for (const op of ops) {
        const expected = op.malformed
          ? 'malformed'
          : op.replayOf
            ? 'replay'
            : fits(op.deltas)
              ? 'posts'
              : 'insufficient';
        const got = await outcome(op);
        if (expected === 'malformed')
          expect(got.ok ? got : got.error, context(op)).toBeInstanceOf(LedgerError);
        else if (expected === 'insufficient')
          expect(got.ok ? got : got.error, context(op)).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
        else if (expected === 'replay')
          expect(got, context(op)).toMatchObject({ ok: true, posted: { id: op.replayOf, replayed: true } });
        else expect(got, context(op)).toMatchObject({ ok: true, posted: { replayed: false } });
        if (got.ok && expected === 'posts') apply(op, got.posted);
        stats[expected === 'posts' ? 'posted' : expected === 'replay' ? 'replays' : expected] += 1;
      }
      return;
    }
    // Order decides which of them fit; all of them must when even their combined debits fit.
    const allFit = fits(ops.flatMap((op) => op.deltas.filter(([, d]) => d.isNegative())));
    const results = await Promise.all(ops.map(outcome));
    stats.concurrentGroups += 1;
    results.forEach((got, i) => {
      const op = ops[i] as Op;
      if (got.ok) {
        apply(op, got.posted);
        stats.posted += 1;
      } else {
        stats.raceLosses += 1;
        expect(got.error, context(op)).toBeInstanceOf(ApiError);
        expect(got.error, context(op)).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
        expect(allFit, `${context(op)}: failed although every order fits`).toBe(false);
      }
    });
  }
}

async function dbBalances(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts);
  return new Map(rows.map((r) => [r.code, canonical(r.balance)]));
}

async function expectModelMatches(db: Db, model: Map<string, LedgerDecimal>, seed: number) {
  const actual = await dbBalances(db);
  const codes = new Set([...actual.keys(), ...model.keys()]);
  const diffs = [...codes]
    .map((code) => [code, model.get(code)?.toFixed() ?? '0', actual.get(code) ?? '0'])
    .filter(([, expected, got]) => expected !== got);
  expect(diffs, `SEED=${seed} replays: model and database disagree`).toEqual([]);
  expect(await verifyLedger(db), `SEED=${seed} replays: verifyLedger`).toEqual([]);
}

describe.each(dbTargets())('ledger property on %s', (target) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(target);
    db = fresh.database.db;
    dispose = fresh.dispose;
  });
  afterAll(async () => dispose());

  it(`keeps the books balanced over ${SEQUENCES} random sequences, some concurrent`, async () => {
    const seed = seedFromEnv();
    const userIds: bigint[] = [];
    for (let i = 0; i < 4; i += 1) {
      const [row] = await db
        .insert(users)
        .values({ account: `prop${seed}-${i}-${randomBytes(3).toString('hex')}@example.com` })
        .returning({ id: users.id });
      if (!row) throw new Error('no user');
      await openUserLedger(db, row.id);
      userIds.push(row.id);
    }
    const model = new Map([...(await dbBalances(db))].map(([code, b]) => [code, new LedgerDecimal(b)]));
    const { sequence, stats } = runProperty(db, seed, userIds, model);
    try {
      for (let i = 0; i < SEQUENCES; i += 1) {
        await sequence(i);
        if ((i + 1) % 250 === 0) await expectModelMatches(db, model, seed);
      }
    } catch (error) {
      console.error(`ledger property failed on ${target}: SEED=${seed} replays`);
      throw error;
    }
    // Floors every seed keeps, from the generator's odds. A sequence is concurrent with p = 0.3, so
    // concurrentGroups ~ Bin(1000, 0.3): ≤ 30 has p ≈ 3e-109. A sequential one runs 1–3 ops, each
    // malformed with p ≥ 0.06 (a replay too, once a keyed post exists): counted exactly, ≤ 20 has
    // p ≈ 5e-17, so ≈ 1e-7 of the 2^31 seeds seedFromEnv draws from (≤ 30 was ≈ 0.02 of them).
    // Each op that debits asks for its balance + 1e-18 with p = 0.1, so insufficient ≥ ~100.
    // posted has no closed form (it follows the balances): over 400 seeds replayed on the model it
    // was 1,163–1,423 (mean 1,300, σ 45), and 900 is 9σ below; 1,000 was 6.7σ.
    expect(stats.posted, `SEED=${seed}`).toBeGreaterThan(900);
    expect(stats.concurrentGroups, `SEED=${seed}: concurrentGroups`).toBeGreaterThan(30);
    expect(stats.insufficient, `SEED=${seed}: insufficient`).toBeGreaterThan(30);
    for (const kind of ['malformed', 'replays'] as const)
      expect(stats[kind], `SEED=${seed}: ${kind}`).toBeGreaterThan(20);
  }, 120_000);
});
