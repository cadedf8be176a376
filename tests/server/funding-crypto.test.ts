import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAddressFor } from '../../domain/funding/chains';
import type { Deposit, Withdrawal } from '../../domain/protocol/funding';
import type { DepositAddress, WithdrawAddress } from '../../domain/protocol/funding-coin';
import { settings } from '../../server/db/schema/system';
import { simulateFunding } from '../../server/funding/simulator';
import { userBalances } from '../../server/ledger/balances';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { operator } from '../support/operator';
import { openSocket } from '../support/ws-client';
import { dbTargets } from '../support/server';
import { KEY, PIN, fundingWorld, ok, refused, type Funded, type FundingWorld } from './funding-support';

const HASH = (n: number) => n.toString(16).padStart(64, 'a');
// EIP-55's own example: mixed case, so its checksum is checked; ERC_TYPO flips one letter's case.
const ERC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ERC_TYPO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
type Page<T> = { list: T[]; total: number };

describe.each(dbTargets())('crypto funding on %s', (target) => {
  let w: FundingWorld;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'seans-funding-'));
    // The CLI finds the running server's key where staff would: in its data directory.
    await writeFile(path.join(dataDir, 'operator.key'), `${KEY}\n`, { mode: 0o600 });
    w = await fundingWorld(target, { dataDir });
  });
  afterAll(async () => {
    if (w) await w.clean();
    await w?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const usdt = async (u: Funded) => {
    const b = (await userBalances(w.db, u.id, 'real')).find(
      (x) => x.wallet === 'coin' && x.currency === 'USDT',
    );
    return { available: b?.available, frozen: b?.frozen };
  };
  const address = async (u: Funded, currency: string, chain: string, generate = true) =>
    ok<{ address: DepositAddress | null }>(
      await w.post(`/coin/recharge/address${generate ? '/generate' : ''}`, u.real, { currency, chain }),
    ).address;

  it('derives one deposit address per coin and chain, in the chain’s format, once', async () => {
    const u = await w.user();
    const coins = ok<{ list: { currency: string; chains: { chain: string }[] }[] }>(
      await w.get('/index/recharge/coins', u.real),
    );
    expect(coins.list.map((c) => `${c.currency}:${c.chains.map((x) => x.chain).join('/')}`)).toEqual([
      'USDT:TRC20/ERC20',
      'BTC:BTC',
      'ETH:ERC20',
    ]);
    expect(await address(u, 'USDT', 'TRC20', false)).toBeNull();
    const trc = await address(u, 'USDT', 'TRC20');
    expect(trc).toMatchObject({ currency: 'USDT', chain: 'TRC20', minDeposit: '1', confirmations: 19 });
    expect(isAddressFor('TRC20', trc?.address ?? '')).toBe(true);
    expect(await address(u, 'USDT', 'TRC20')).toEqual(trc);
    expect(await address(u, 'USDT', 'TRC20', false)).toEqual(trc);
    expect(isAddressFor('ERC20', (await address(u, 'USDT', 'ERC20'))?.address ?? '')).toBe(true);
    expect(isAddressFor('BTC', (await address(u, 'BTC', 'BTC'))?.address ?? '')).toBe(true);
    const someoneElse = await w.user();
    expect((await address(someoneElse, 'USDT', 'TRC20'))?.address).not.toBe(trc?.address);
    refused(
      await w.post('/coin/recharge/address/generate', u.real, { currency: 'DOGE', chain: 'TRC20' }),
      'UNKNOWN_COIN',
    );
    refused(
      await w.post('/coin/recharge/address/generate', u.real, { currency: 'USDT', chain: 'BTC' }),
      'CHAIN_NOT_SUPPORTED',
    );
    refused(
      await w.post('/coin/recharge/address/generate', u.demo, { currency: 'USDT', chain: 'TRC20' }),
      'DEMO_NOT_ALLOWED',
    );
  });

  it('credits a reported transfer once it is confirmed, and an unreported one the chain saw', async () => {
    const u = await w.user();
    const trc = await address(u, 'USDT', 'TRC20');
    const report = (fields: Record<string, string>) =>
      w.post('/coin/recharge/add', u.real, {
        currency: 'USDT',
        chain: 'TRC20',
        amount: '120',
        txHash: HASH(1),
        ...fields,
      });
    const before = await w.snapshot(u);
    refused(await report({ txHash: `0x${HASH(1)}` }), 'TX_HASH_FORMAT');
    refused(await report({ amount: '0.5' }), 'AMOUNT_BELOW_MINIMUM');
    refused(await report({ chain: 'ERC20', txHash: `0x${HASH(1)}` }), 'ADDRESS_NOT_FOUND');
    expect(await w.snapshot(u)).toEqual(before);
    const dep = ok<Deposit>(await report({}));
    expect(dep).toMatchObject({ kind: 'crypto', status: 'pending', address: trc?.address, txHash: HASH(1) });
    refused(await report({ txHash: HASH(1).toUpperCase() }), 'TX_HASH_USED');
    expect(await usdt(u)).toEqual({ available: '0', frozen: '0' });
    // The user's open app hears of it on the private channels, after the commit.
    const socket = await openSocket(w.server.url, { query: 'lang=en-US' });
    socket.send({ op: 'auth', token: u.real });
    await socket.next((f) => f.op === 'authed');
    for (const ch of ['balances', 'messages']) socket.send({ op: 'sub', ch });
    for (const ch of ['balances', 'messages']) await socket.next((f) => f.op === 'subscribed' && f.ch === ch);
    ok(await w.op('chain-confirm', { txHash: HASH(1) }));
    expect(await usdt(u)).toEqual({ available: '120', frozen: '0' });
    const told = await socket.next((f) => f.op === 'private' && f.ch === 'messages');
    expect(JSON.stringify(told)).toContain('Deposit approved');
    const pushed = await socket.next((f) => f.op === 'private' && f.ch === 'balances');
    expect(JSON.stringify(pushed)).toContain('"currency":"USDT","available":"120"');
    await socket.close();
    refused(await w.op('chain-confirm', { txHash: HASH(1) }), 'DEPOSIT_NOT_PENDING');

    // The CLI as staff run it: a transfer to the address nobody reported.
    const cli = { port: new URL(w.server.url).port, dataDir };
    const credited = (await operator(
      ['chain', 'credit', 'TRC20', trc?.address ?? '', 'USDT', '30', '--tx-hash', HASH(2)],
      cli,
    )) as { status: string };
    expect(credited.status).toBe('success');
    expect(await usdt(u)).toEqual({ available: '150', frozen: '0' });
    const list = ok<Page<Deposit>>(await w.get('/coin/recharge/order', u.real)).list;
    expect(list.map((d) => [d.amount, d.status, d.txHash])).toEqual([
      ['30', 'success', HASH(2)],
      ['120', 'success', HASH(1)],
    ]);
    // The bank side of the contract (SPEC §7: GET /user/recharge/order under "bank deposit") keeps
    // to TRY deposits; the records screens link to these crypto ones instead of mixing them.
    expect(ok<Page<Deposit>>(await w.get('/user/recharge/order', u.real)).list).toEqual([]);
    await w.clean();
  });

  it('lets the chain simulator confirm reported transfers after its delay', async () => {
    const u = await w.user();
    await address(u, 'USDT', 'ERC20');
    const dep = ok<Deposit>(
      await w.post('/coin/recharge/add', u.real, {
        currency: 'USDT',
        chain: 'ERC20',
        amount: '10',
        txHash: `0x${HASH(3)}`,
      }),
    );
    const value = { ...DEFAULT_SETTINGS.coinFunding, simulator: { confirmAfterSeconds: 30 } };
    await w.db.update(settings).set({ value }).where(eq(settings.key, 'coinFunding'));
    try {
      expect(await simulateFunding(w.db, dep.createdAt + 29_000)).toBe(0);
      expect(await simulateFunding(w.db, dep.createdAt + 30_000)).toBe(1);
      expect(await usdt(u)).toEqual({ available: '10', frozen: '0' });
    } finally {
      await w.db
        .update(settings)
        .set({ value: DEFAULT_SETTINGS.coinFunding })
        .where(eq(settings.key, 'coinFunding'));
    }
  });

  it('saves withdrawal addresses checked per chain, and withdraws to them with the chain fee', async () => {
    const u = await w.user();
    const other = await w.user();
    const own = await address(u, 'USDT', 'ERC20');
    await w.fund(u, 'coin', 'USDT', '100');
    const save = (fields: Record<string, string>, who = u) =>
      w.post('/coin/withdraw/address/generate', who.real, {
        currency: 'USDT',
        chain: 'ERC20',
        address: ERC_ADDRESS,
        ...fields,
      });
    const before = await w.snapshot(u);
    refused(await save({ chain: 'TRC20' }), 'ADDRESS_FORMAT');
    refused(await save({ address: '0x1234' }), 'ADDRESS_FORMAT');
    // The right shape with one character wrong: the checksum refuses it before anything is saved.
    refused(await save({ address: ERC_TYPO }), 'ADDRESS_FORMAT');
    refused(await save({ chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }), 'ADDRESS_FORMAT');
    refused(
      await save({ address: (own?.address ?? '').toUpperCase().replace('0X', '0x') }),
      'OWN_DEPOSIT_ADDRESS',
    );
    expect(await w.snapshot(u)).toEqual(before);
    const saved = ok<WithdrawAddress>(await save({ label: 'Ledger' }));
    refused(await save({ address: ERC_ADDRESS.toLowerCase() }), 'ADDRESS_EXISTS');
    const theirs = ok<WithdrawAddress>(await save({}, other));
    expect(
      ok<{ list: WithdrawAddress[] }>(await w.post('/coin/withdraw/address', u.real, { currency: 'USDT' }))
        .list,
    ).toEqual([saved]);

    const withdraw = (fields: Record<string, string>) =>
      w.post('/coin/withdraw/add', u.real, {
        addressId: saved.id,
        amount: '50',
        withdrawPassword: PIN,
        ...fields,
      });
    const unchanged = await w.snapshot(u);
    refused(await withdraw({ amount: '19' }), 'AMOUNT_BELOW_MINIMUM');
    refused(await withdraw({ amount: '100.5' }), 'INSUFFICIENT_BALANCE');
    refused(await withdraw({ addressId: theirs.id }), 'ADDRESS_NOT_FOUND');
    refused(await withdraw({ withdrawPassword: '111111' }), 'WITHDRAW_PASSWORD_INCORRECT');
    expect(await w.snapshot(u)).toEqual(unchanged);

    const first = ok<Withdrawal>(await withdraw({}));
    expect(first).toMatchObject({
      kind: 'crypto',
      amount: '50',
      fee: '5',
      receive: '45',
      chain: 'ERC20',
      address: ERC_ADDRESS,
    });
    expect(await usdt(u)).toEqual({ available: '50', frozen: '50' });
    ok(await w.post('/user/withdraw/cancel', u.real, { id: first.id }));
    expect(await usdt(u)).toEqual({ available: '100', frozen: '0' });
    const second = ok<Withdrawal>(await withdraw({ amount: '40' }));
    ok(await w.op('withdrawal-approve', { id: second.id, txHash: `0x${HASH(9)}` }));
    expect(await usdt(u)).toEqual({ available: '60', frozen: '0' });
    const list = ok<Page<Withdrawal>>(await w.post('/coin/withdraw/order', u.real)).list;
    expect(list.map((x) => [x.id, x.status, x.txHash])).toEqual([
      [second.id, 'success', `0x${HASH(9)}`],
      [first.id, 'cancelled', null],
    ]);
    await w.clean();
  });
});
