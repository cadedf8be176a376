import type { SeedStep } from '../db/seed-step';
import { SEED_CURRENCIES, SYSTEM_ROLES, systemAccount } from './account-ref';
import { ensureAccounts } from './account-rows';

/** Seed steps of this area, run once per database in order (see server/db/seed.ts). */
export const ledgerSeedSteps: SeedStep[] = [
  {
    // The system side of every posting exists from the start; other currencies open on first use.
    name: '0100-ledger-system-accounts',
    run: async (db) => {
      await ensureAccounts(
        db,
        SYSTEM_ROLES.flatMap((role) => SEED_CURRENCIES.map((currency) => systemAccount(role, currency))),
      );
    },
  },
];
