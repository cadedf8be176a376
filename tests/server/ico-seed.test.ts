import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { icoAllocations, icoOfferings } from '../../server/db/schema/ico';
import { allocationDueAt } from '../../server/primary/ipo/terms';
import { dbTargets, freshDatabase } from '../support/server';

/**
 * The coin sales a new database starts with: the one already listed was allocated on its own
 * allocation date, before it listed, as a sale that ran in the sandbox would have been (not
 * a detail reading "allocated 27 Nov" under "listed 20 Nov", the first start's date).
 */
describe.each(dbTargets())('seeded coin sales on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('are allocated on their allocation date, before they list', async () => {
    const { database, dispose } = await freshDatabase(target);
    cleanups.push(dispose);
    const rows = await database.db
      .select({ offering: icoOfferings, at: icoAllocations.at, accountType: icoAllocations.accountType })
      .from(icoAllocations)
      .innerJoin(icoOfferings, eq(icoOfferings.id, icoAllocations.icoId));
    const listed = rows.filter((r) => r.offering.token === 'NOVA');
    expect(listed.map((r) => r.accountType).sort()).toEqual(['demo', 'real']);
    for (const { offering, at } of rows) {
      expect(at, offering.token).toBe(allocationDueAt(offering));
      expect(at, offering.token).toBeLessThanOrEqual(offering.listingAt);
    }
  });
});
