import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletBalance } from '../../domain/protocol/account';
import type { ContractPosition, PositionsEvent } from '../../domain/protocol/contracts';
import type { PrivateMessage, ServerMessage } from '../../domain/protocol/ws';
import { hashPassword } from '../../server/accounts/password';
import { setPinHash } from '../../server/accounts/pins';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { openSocket, type WsClient } from '../support/ws-client';
import { contractWorld, ok, openLong, type ContractWorld, type Trader } from './contract-support';

const PIN = '246810';
const EIGHT_HOURS = 8 * 3_600_000;
type Balances = { accountType: string; balances: WalletBalance[] };

const onChannel =
  (ch: string) =>
  (frame: ServerMessage): frame is PrivateMessage =>
    frame.op === 'private' && frame.ch === ch;

/** The contract wallet's USDT in a `balances` event. */
function contractCash(event: Balances): WalletBalance | undefined {
  return event.balances.find((b) => b.wallet === 'contract' && b.currency === 'USDT');
}

/**
 * Every contract and transfer posting announces the account's balances (as the ledger holds them
 * after the commit) on the private `balances` channel, and every position change on `positions`:
 * what the ticket and the positions list re-read from, over a real socket.
 */
describe.each(dbTargets())('contract private events on %s', (target) => {
  let world: ContractWorld;
  const sockets: WsClient[] = [];
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  async function listen(user: Trader, token = user.real): Promise<WsClient> {
    const client = await openSocket(world.server.url, { query: 'lang=en-US' });
    sockets.push(client);
    client.send({ op: 'auth', token });
    await client.next((f) => f.op === 'authed');
    for (const ch of ['balances', 'positions']) client.send({ op: 'sub', ch });
    for (let i = 0; i < 2; i++) await client.next((f) => f.op === 'subscribed');
    return client;
  }
  const balancesEvent = async (client: WsClient) =>
    (await client.next(onChannel('balances'))).data as Balances;
  const positionsEvent = async (client: WsClient) =>
    (await client.next(onChannel('positions'))).data as PositionsEvent;
  const ledgerCash = async (token: string) => {
    const assets = ok<{ contract: { available: string; frozen: string } }>(
      await world.call('/coin/assets', token),
    );
    const { available, frozen } = assets.contract;
    return { available, frozen };
  };

  it('announces balances after a transfer, an opening, added margin and a close', async () => {
    await world.tick(50_000);
    const user = await world.trader('0', '1000');
    await setPinHash(world.db, user.id, 'trade', await hashPassword(PIN, 2 ** 10));
    const client = await listen(user);

    ok(
      await world.call('/coin/transfer', user.real, {
        from: 'coin',
        to: 'contract',
        amount: '400',
        tradePassword: PIN,
      }),
    );
    const moved = await balancesEvent(client);
    expect(moved.accountType).toBe('real');
    expect(contractCash(moved)).toMatchObject({ available: '400', frozen: '0' });
    expect(moved.balances.find((b) => b.wallet === 'coin' && b.currency === 'USDT')).toMatchObject({
      available: '600',
    });

    const p = await openLong(world, user.real);
    const opened = await positionsEvent(client);
    expect(opened).toMatchObject({ kind: 'position', position: { id: p.id, status: 'open' } });
    const afterOpen = await balancesEvent(client);
    expect(contractCash(afterOpen)).toMatchObject(await ledgerCash(user.real));
    expect(contractCash(afterOpen)?.frozen).toBe(p.margin);

    ok(await world.call('/coin/contract/order/add/mgn', user.real, { id: p.id, amount: '25' }));
    expect(await positionsEvent(client)).toMatchObject({
      kind: 'position',
      position: { margin: new Decimal(p.margin).plus(25).toFixed() },
    });
    expect(contractCash(await balancesEvent(client))).toMatchObject(await ledgerCash(user.real));

    const closed = ok<ContractPosition>(
      await world.call('/coin/contract/order/close', user.real, { id: p.id }),
    );
    expect(await positionsEvent(client)).toMatchObject({
      kind: 'position',
      position: { id: p.id, status: 'closed' },
    });
    const afterClose = await balancesEvent(client);
    expect(contractCash(afterClose)).toMatchObject({ ...(await ledgerCash(user.real)), frozen: '0' });
    expect(closed.status).toBe('closed');
  });

  it('announces a liquidation and funding on positions, with the balances they leave', async () => {
    // Two hours before a funding boundary, so one tick can carry both.
    world.clock.t = Math.floor(world.clock.t / EIGHT_HOURS) * EIGHT_HOURS + 6 * 3_600_000;
    await world.tick(50_000, '0.0100');
    const user = await world.trader('1000');
    const client = await listen(user);
    const p = await openLong(world, user.real, { leverage: '20' });
    await positionsEvent(client);
    await balancesEvent(client);

    world.clock.t += 2 * 3_600_000 + 1000;
    await world.tick(50_000, '0.0100');
    expect(await positionsEvent(client)).toMatchObject({
      kind: 'funding',
      positionId: p.id,
      symbol: p.symbol,
      rate: '0.0100',
      t: world.clock.now(),
    });
    expect(contractCash(await balancesEvent(client))).toMatchObject(await ledgerCash(user.real));

    await world.tick(Math.floor(Number(p.liquidationPrice)) - 100);
    const liquidated = await positionsEvent(client);
    expect(liquidated).toMatchObject({
      kind: 'liquidation',
      position: { id: p.id, status: 'liquidated', closeReason: 'liquidation' },
    });
    const after = await balancesEvent(client);
    expect(contractCash(after)).toMatchObject({ ...(await ledgerCash(user.real)), frozen: '0' });
  });

  it("tells nobody else, and keeps the demo account's events apart", async () => {
    await world.tick(50_000);
    const a = await world.trader('1000');
    const b = await world.trader('1000');
    const other = await listen(b);
    await world.fundDemoContract(a, '500');
    const demo = await listen(a, a.demo);
    await openLong(world, a.demo);
    const event = await balancesEvent(demo);
    expect(event.accountType).toBe('demo');
    other.send({ op: 'ping' });
    await other.next((f) => f.op === 'pong');
    expect(other.frames.filter((f) => f.op === 'private')).toEqual([]);
  });
});
