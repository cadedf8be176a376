import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icoOfferings } from '../../server/db/schema/ico';
import { ipoOfferings } from '../../server/db/schema/primary';
import { ApiError } from '../../server/http/errors';
import { createIco } from '../../server/primary/ico/create';
import { createIpo } from '../../server/primary/ipo/create';
import { dbTargets } from '../support/server';
import { icoDraft, icoWorld, TOKEN } from './ico-support';
import { draft, HOUR, ipoWorld, SYMBOL, type IpoWorld } from './ipo-support';
import { MONDAY_NOON } from './spot-support';

/** How many creates of one symbol race: more than two, so a lock that lets pairs through shows. */
const RACERS = 4;

/** The refusal keys of the creates that lost, and how many won. */
async function race(creates: (() => Promise<bigint>)[]): Promise<{ won: number; refused: string[] }> {
  const settled = await Promise.allSettled(creates.map((create) => create()));
  const refused = settled.flatMap((s) => {
    if (s.status === 'fulfilled') return [];
    if (s.reason instanceof ApiError) return [s.reason.key];
    throw s.reason;
  });
  return { won: settled.filter((s) => s.status === 'fulfilled').length, refused };
}

describe.each(dbTargets())('creating offerings of one symbol at once on %s', (target) => {
  describe('IPO', () => {
    let world: IpoWorld;
    beforeAll(async () => {
      world = await ipoWorld(target);
    });
    afterAll(async () => world?.close());

    it('stores one IPO; the others are refused naming it', async () => {
      const start = MONDAY_NOON + HOUR;
      const result = await race(
        Array.from({ length: RACERS }, () => () => createIpo(world.db, draft(start), MONDAY_NOON)),
      );
      const rows = await world.db.select().from(ipoOfferings).where(eq(ipoOfferings.symbol, SYMBOL));
      expect(rows).toHaveLength(1);
      expect(result).toEqual({ won: 1, refused: Array(RACERS - 1).fill('IPO_SYMBOL_OFFERED') });
    });
  });

  describe('ICO', () => {
    let world: IpoWorld;
    beforeAll(async () => {
      world = await icoWorld(target);
    });
    afterAll(async () => world?.close());

    it('stores one coin sale; the others are refused naming it', async () => {
      const start = MONDAY_NOON + HOUR;
      const result = await race(
        Array.from({ length: RACERS }, () => () => createIco(world.db, icoDraft(start), MONDAY_NOON)),
      );
      const rows = await world.db.select().from(icoOfferings).where(eq(icoOfferings.token, TOKEN));
      expect(rows).toHaveLength(1);
      expect(result).toEqual({ won: 1, refused: Array(RACERS - 1).fill('ICO_TOKEN_OFFERED') });
    });
  });
});
