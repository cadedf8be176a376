import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Wallet } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import type { Owner } from '../db/owned';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { ApiError } from '../http/errors';
import { accountCode, accountRow, type AccountRef } from '../ledger/account-ref';
import { LedgerDecimal } from '../ledger/decimal';
import { checkPosting, type Posting, type PostedTransaction } from '../ledger/post';
import type { Read } from './batch-read';
import { insertJson, keyArray } from './json-rows';
import { ensure } from '../../domain/assert';

/** What the ledger asks of the batch it belongs to: ids for its rows, and undo steps for its changes. */
type BatchHost = {
  ids: { next(table: 'ledger_transactions'): Promise<bigint> };
  record(step: () => void): void;
};

type Loaded = { id: bigint; allowNegative: boolean; balance: LedgerDecimal };
type PendingTx = { id: bigint; posting: Posting };
type PendingEntry = { transactionId: bigint; accountId: bigint; amount: string; currency: string };

const ZERO = new LedgerDecimal(0);

/**
 * The ledger of one writer batch. Accounts are read (and locked `for update`, created when
 * missing) the first time a job touches them (or all at once: want/prefetch); a posting is
 * checked against balance + what the batch already moved, in memory, and queued. The batch's
 * flush writes the queued transactions, their entries and the net balance changes as parts of
 * one statement, so a posting costs no statement of its own. The table's CHECK stays the last guard: a balance the memory got
 * wrong fails the batch's flush, never commits below zero.
 */
export class BatchLedger {
  /** Balances as read from the database (this batch's own postings not included). */
  private readonly loaded = new Map<string, Loaded>();
  /** What this batch moved, not yet written, by account code. */
  private readonly moved = new Map<string, LedgerDecimal>();
  private readonly ids = new Map<string, bigint>();
  private txs: PendingTx[] = [];
  private entries: PendingEntry[] = [];
  private readonly keys = new Map<string, bigint>();

  constructor(
    private readonly tx: Db,
    private readonly batch: BatchHost,
  ) {}

  private wanted: AccountRef[] = [];
  private wantedWallets: { owner: Owner; wallets: readonly Wallet[] }[] = [];

  /** Names accounts a job will touch: prefetch() reads them for all the batch's jobs at once. */
  want(refs: readonly AccountRef[]): void {
    this.wanted.push(...refs);
  }

  /**
   * Names every account of `owner` in `wallets`, for a job that will touch some of them and does
   * not know which before it reads its rows (a cancel of all orders, a demo reset). Taken in the
   * prefetch's one code-ordered statement, they are locked in the order every other posting
   * takes them (post.ts); named one by one as the job went, a later one could sort before one
   * already held (a sell's asset below the cash it frees) and deadlock with a posting in order.
   */
  wantWallets(owner: Owner, wallets: readonly Wallet[]): void {
    if (wallets.length > 0) this.wantedWallets.push({ owner, wallets });
  }

  /** The wanted accounts not read yet, read and locked as part of the batch's prefetch. */
  read(): Read | null {
    const codes = [...new Set(this.wanted.map((ref) => accountCode(ref)))]
      .filter((code) => !this.loaded.has(code))
      .sort();
    const owned = this.wantedWallets.map(
      ({ owner, wallets }) =>
        sql` or (${ledgerAccounts.userId} = ${String(owner.userId)}::bigint
          and ${ledgerAccounts.accountType} = ${owner.accountType}
          and ${ledgerAccounts.wallet} = any(${keyArray(wallets, 'text')}))`,
    );
    this.wantedWallets = [];
    if (codes.length === 0 && owned.length === 0) return null;
    return {
      query: sql`(select json_agg(json_build_object('id', a.id::text, 'code', a.code,
          'allowNegative', a.allow_negative, 'balance', a.balance::text))
        from (select id, code, allow_negative, balance from ${ledgerAccounts}
          where code = any(${keyArray(codes, 'text')})${sql.join(owned)}
          order by code for update) a)`,
      take: (value) => {
        const rows = (value ?? []) as { id: string; code: string; allowNegative: boolean; balance: string }[];
        // A wallet's account this batch read before keeps the balance it was read at (its moves
        // are in `moved`, not written yet).
        for (const row of rows) if (!this.loaded.has(row.code)) this.remember({ ...row, id: BigInt(row.id) });
      },
    };
  }

  /** Creates (and reads) the wanted accounts the prefetch did not find. */
  async loadMissing(): Promise<void> {
    const refs = this.wanted;
    this.wanted = [];
    await this.load(refs);
  }

  private remember(row: { id: bigint; code: string; allowNegative: boolean; balance: string }): void {
    this.ids.set(row.code, row.id);
    this.loaded.set(row.code, {
      id: row.id,
      allowNegative: row.allowNegative,
      balance: new LedgerDecimal(row.balance),
    });
  }

  /** Reads and locks the accounts not read yet (creating missing ones), in code order. */
  async load(refs: readonly AccountRef[]): Promise<void> {
    const byCode = new Map<string, AccountRef>();
    for (const ref of refs) {
      const code = accountCode(ref);
      if (!this.loaded.has(code)) byCode.set(code, ref);
    }
    if (byCode.size === 0) return;
    const codes = [...byCode.keys()].sort();
    let rows = await this.select(codes);
    if (rows.length < codes.length) {
      const found = new Set(rows.map((r) => r.code));
      const missing = codes.filter((c) => !found.has(c));
      await this.tx
        .insert(ledgerAccounts)
        .values(
          missing.map((code) => accountRow(ensure(byCode.get(code), 'a missing code is one asked for'))),
        )
        .onConflictDoNothing({ target: ledgerAccounts.code });
      rows = rows.concat(await this.select(missing));
    }
    for (const row of rows) this.remember(row);
  }

  private select(codes: string[]) {
    return this.tx
      .select({
        id: ledgerAccounts.id,
        code: ledgerAccounts.code,
        allowNegative: ledgerAccounts.allowNegative,
        balance: ledgerAccounts.balance,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, codes))
      .orderBy(ledgerAccounts.code)
      .for('update');
  }

  /** The account's balance now, this batch's postings included (the account must be loaded). */
  balance(ref: AccountRef): LedgerDecimal {
    const code = accountCode(ref);
    const account = this.loaded.get(code);
    if (!account) throw new Error(`account ${code} read before it was loaded`);
    return account.balance.plus(this.moved.get(code) ?? ZERO);
  }

  /**
   * Posts like postTransaction, in memory: INSUFFICIENT_BALANCE (nothing queued) when a user
   * account would go below zero, LedgerError for a malformed posting.
   */
  async post(posting: Posting): Promise<PostedTransaction> {
    const lines = checkPosting(posting);
    const key = posting.idempotencyKey;
    if (key !== undefined) {
      const earlier = this.keys.get(key) ?? (await this.postedBefore(key));
      if (earlier !== undefined) return { id: earlier, replayed: true, balances: [] };
    }
    await this.load(lines.map((l) => l.ref));
    const net = new Map<string, LedgerDecimal>();
    for (const line of lines) net.set(line.code, (net.get(line.code) ?? ZERO).plus(line.amount));
    const after = new Map<string, LedgerDecimal>();
    for (const [code, delta] of net) {
      const account = ensure(this.loaded.get(code), 'a posted account is loaded');
      const balance = account.balance.plus(this.moved.get(code) ?? ZERO).plus(delta);
      if (balance.isNeg() && !account.allowNegative) throw new ApiError('INSUFFICIENT_BALANCE');
      after.set(code, balance);
    }
    const id = await this.batch.ids.next('ledger_transactions');
    for (const [code, delta] of net) {
      const before = this.moved.get(code);
      this.moved.set(code, (before ?? ZERO).plus(delta));
      this.batch.record(() =>
        before === undefined ? this.moved.delete(code) : this.moved.set(code, before),
      );
    }
    this.txs.push({ id, posting });
    this.batch.record(() => this.txs.pop());
    const entries = lines.map((line) => ({
      transactionId: id,
      accountId: ensure(this.ids.get(line.code), 'a posted account has its id'),
      amount: line.amount.toFixed(),
      currency: line.ref.currency,
    }));
    this.entries.push(...entries);
    this.batch.record(() => this.entries.splice(this.entries.length - entries.length));
    if (key !== undefined) {
      this.keys.set(key, id);
      this.batch.record(() => this.keys.delete(key));
    }
    const balances = [...after]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, balance]) => ({ code, balance: balance.toFixed() }));
    return { id, replayed: false, balances };
  }

  private async postedBefore(key: string): Promise<bigint | undefined> {
    const [row] = await this.tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    return row?.id;
  }

  /** Forgets the balances read (not what the batch moved): a direct write may have changed them. */
  invalidate(): void {
    this.loaded.clear();
  }

  /** The statements that write what is pending (parts of the batch's one flush statement). */
  pendingWrites(): SQL[] {
    if (this.txs.length === 0) return [];
    const writes: SQL[] = [
      insertJson(
        ledgerTransactions,
        this.txs.map(({ id, posting }) => ({
          id,
          reason: posting.reason,
          referenceType: posting.referenceType,
          referenceId: posting.referenceId,
          memo: posting.memo ?? '',
          idempotencyKey: posting.idempotencyKey ?? null,
        })),
        { overriding: true },
      ),
      insertJson(ledgerEntries, this.entries),
    ];
    const deltas = [...this.moved]
      .filter(([, delta]) => !delta.isZero())
      .map(([code, delta]) => ({
        id: String(ensure(this.ids.get(code), 'a moved account has its id')),
        delta: delta.toFixed(),
      }));
    if (deltas.length > 0)
      writes.push(sql`
        update ${ledgerAccounts} acc set balance = acc.balance + v.delta
        from json_to_recordset(${JSON.stringify(deltas)}::json) as v(id bigint, delta numeric)
        where acc.id = v.id and acc.id = any(${keyArray(
          deltas.map((d) => d.id),
          'bigint',
        )})`);
    return writes;
  }

  /** The pending writes went out: the balances read plus what moved is what the database holds. */
  written(): void {
    for (const [code, delta] of this.moved) {
      const account = this.loaded.get(code);
      if (account) account.balance = account.balance.plus(delta);
    }
    this.moved.clear();
    this.txs = [];
    this.entries = [];
    this.keys.clear();
  }
}
