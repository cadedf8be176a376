import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { dbTargets } from '../support/server';
import { contractWorld, ok, openLong, type ContractWorld } from './contract-support';

const P = '/coin/contract/order';

/**
 * Position history is newest first by close time; "close all" closes several positions at the
 * same instant. Without a tie-breaker PostgreSQL's top-N sort returns tied rows in a different
 * order for each offset: paging one at a time showed the same position three times and never
 * showed two others.
 */
describe.each(dbTargets())('contract position history order on %s', (target) => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => world?.close());

  it('pages positions closed together each once, newest id first among equals', async () => {
    await world.tick(50_000);
    const user = await world.trader('2000');
    const opened: string[] = [];
    for (let i = 0; i < 6; i++) opened.push((await openLong(world, user.real, { margin: '50' })).id);
    const closed = ok<{ closed: ContractPosition[] }>(
      await world.call(`${P}/liquidate/all`, user.real),
    ).closed;
    expect(new Set(closed.map((p) => p.closedAt)).size).toBe(1); // one instant for all six
    const walked: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const answer = ok<{ list: ContractPosition[] }>(
        await world.call(`${P}/list`, user.real, { status: 'history', page: String(page), size: '1' }),
      );
      walked.push(...answer.list.map((p) => p.id));
    }
    expect(walked).toEqual([...opened].sort((a, b) => Number(b) - Number(a)));
  });
});
