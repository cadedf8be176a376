import type { SeedStep } from '../db/seed';

/** Seed steps of this area, run once per database in order (see server/db/seed.ts). */
export const contentSeedSteps: SeedStep[] = [];
