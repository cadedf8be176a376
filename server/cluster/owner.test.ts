import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../bus/local';
import type { Db } from '../db/client';
import { ownerDirectory } from './owner';
import { SUBJECTS } from './subjects';

/** A database whose partition_epochs row names `row.owner`. */
function epochRow(row: { owner: string }): Db {
  return { execute: async () => ({ rows: [{ owner: row.owner }] }) } as unknown as Db;
}

const settled = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('who owns the partition, as a follower addresses it', () => {
  it('wakes a call waiting on the owner as soon as another node announces it took over', async () => {
    const bus = createLocalBus();
    const owners = ownerDirectory(bus, epochRow({ owner: 'node-a' }), 'partition:trading');
    owners.start();
    expect(await owners.current()).toBe('node-a');
    const waiting = owners.movedFrom('node-a');
    expect(await settled(waiting.moved, 50)).toBe(false);
    bus.publish(SUBJECTS.tradingOwner, { owner: 'node-b' });
    expect(await settled(waiting.moved, 50)).toBe(true);
    // A call that names a node already replaced hears so at once.
    expect(await settled(owners.movedFrom('node-a').moved, 10)).toBe(true);
    owners.stop();
  });

  it('reads the epoch row while calls wait, so a missed announcement costs a quarter second', async () => {
    const bus = createLocalBus();
    const row = { owner: 'node-a' };
    const owners = ownerDirectory(bus, epochRow(row), 'partition:trading');
    owners.start();
    expect(await owners.current()).toBe('node-a');
    const waiting = owners.movedFrom('node-a');
    const answered = owners.movedFrom('node-a');
    answered.cancel();
    row.owner = 'node-c'; // taken over; the announcement never came
    expect(await settled(waiting.moved, 1_000)).toBe(true);
    expect(await owners.current()).toBe('node-c');
    owners.stop();
  });
});
