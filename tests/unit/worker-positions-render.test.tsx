// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionFigures } from '../../domain/contracts/figures';
import type { MarginRules } from '../../domain/contracts/margin';
import type { AccountDataApi, LivePositionInput, PositionFigures } from '../../domain/market-data/contract';
import { flushMarketData, setAccountDataApi, setMarketDataApi } from '../../src/market/client';
import { useFollowPositions, useLivePosition, useLivePositions } from '../../src/market/positions';
import { onPrivateEvent, onPrivateResync } from '../../src/market/private-events';
import { resetPositions } from '../../src/state/positions';
import { session } from '../../src/state/session';
import { FakeMarketData } from '../support/fake-market-data';

/**
 * The main thread's side of live positions and private events: one position's tick re-renders
 * one row (ARCHITECTURE rule 7), events reach their channel's listeners in order, and the worker
 * is told the session token and the followed positions.
 */
const rules: MarginRules = {
  feeRate: '0.0005',
  liquidationFeeRate: '0.005',
  tiers: [{ maxNotional: null, mmr: '0.005', deduction: '0' }],
};
const positions: LivePositionInput[] = ['1', '2', '3'].map((id) => ({
  id,
  symbol: 'BTCUSDT',
  side: id === '2' ? 'short' : 'long',
  qty: '0.5',
  entryPrice: '100',
  margin: '5',
}));
const at = (p: LivePositionInput, mark: string): PositionFigures => positionFigures(p, mark, rules, 2);

class FakeAccount implements AccountDataApi {
  readonly tokens: (string | null)[] = [];
  readonly followed: string[][] = [];
  authenticate(token: string | null): void {
    this.tokens.push(token);
  }
  setContractPositions(list: LivePositionInput[]): void {
    this.followed.push(list.map((p) => `${p.id}:${Object.keys(p).sort().join(',')}`));
  }
}

let fake: FakeMarketData;
let account: FakeAccount;
const renders = new Map<string, number>();
beforeEach(() => {
  fake = new FakeMarketData();
  account = new FakeAccount();
  setMarketDataApi(fake);
  setAccountDataApi(account);
  resetPositions();
  renders.clear();
});
afterEach(() => {
  cleanup();
  setAccountDataApi(null);
  session.userToken = '';
});

async function deliver(patch: Parameters<FakeMarketData['push']>[0]) {
  fake.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

// memo: a list re-render (a position added or gone) must not drag the other rows along.
const Row = memo(function Row({ id }: { id: string }) {
  const live = useLivePosition(id);
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return <li data-testid={`pnl-${id}`}>{live?.unrealizedPnl ?? '--'}</li>;
});

function Rows({ list }: { list: LivePositionInput[] }) {
  useFollowPositions(list, rules);
  const ids = useLivePositions();
  renders.set('list', (renders.get('list') ?? 0) + 1);
  return (
    <ul data-ids={ids.join(',')}>
      {list.map((p) => (
        <Row key={p.id} id={p.id} />
      ))}
    </ul>
  );
}

describe('live positions on the main thread', () => {
  it('one position whose figures changed re-renders one row; the list only on add or remove', async () => {
    const view = render(<Rows list={positions} />);
    expect(account.followed).toEqual([
      ['1', '2', '3'].map((id) => `${id}:entryPrice,id,margin,qty,side,symbol`),
    ]);
    await deliver({ positions: Object.fromEntries(positions.map((p) => [p.id, at(p, '100')])) });
    expect(view.getByTestId('pnl-1').textContent).toBe('0.00000000');
    renders.clear();

    await deliver({ positions: { '2': at(positions[1]!, '99.5') } });
    expect(Object.fromEntries(renders)).toEqual({ '2': 1 });
    expect(view.getByTestId('pnl-2').textContent).toBe('0.25000000');

    renders.clear();
    await deliver({ positions: { '3': null } });
    expect(Object.fromEntries(renders)).toEqual({ '3': 1, list: 1 });
    expect(view.getByTestId('pnl-3').textContent).toBe('--');

    view.unmount();
    expect(account.followed.at(-1)).toEqual([]);
  });

  it('a patch that repeats the figures a row shows renders nothing', async () => {
    render(<Rows list={positions} />);
    await deliver({ positions: { '1': at(positions[0]!, '101') } });
    renders.clear();
    await deliver({ positions: { '1': at(positions[0]!, '101') } });
    expect(renders.size).toBe(0);
  });
});

describe('private events on the main thread', () => {
  it('reach their channel in order; resync hints reach resync listeners; unsubscribe stops them', async () => {
    const orders: unknown[] = [];
    const resyncs: string[] = [];
    const stopOrders = onPrivateEvent('orders', (data) => orders.push(data));
    const stopResync = onPrivateResync('balances', () => resyncs.push('balances'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stopBroken = onPrivateEvent('messages', () => {
      throw new Error('a broken listener spoils no other');
    });
    await deliver({
      events: [
        { ch: 'balances', resync: true },
        { ch: 'orders', data: { n: 1 } },
        { ch: 'messages', data: {} },
        { ch: 'orders', data: { n: 2 } },
      ],
    });
    expect(orders).toEqual([{ n: 1 }, { n: 2 }]);
    expect(resyncs).toEqual(['balances']);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    stopOrders();
    stopResync();
    stopBroken();
    await deliver({
      events: [
        { ch: 'orders', data: { n: 3 } },
        { ch: 'balances', resync: true },
      ],
    });
    expect(orders).toHaveLength(2);
    expect(resyncs).toHaveLength(1);
  });

  it('the worker is told the session token now and whenever it changes', async () => {
    expect(account.tokens).toEqual([null]);
    session.userToken = 'abc';
    await Promise.resolve();
    session.userToken = '';
    await Promise.resolve();
    expect(account.tokens).toEqual([null, 'abc', null]);
  });
});
