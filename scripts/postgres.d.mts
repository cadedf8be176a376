/** A throwaway PostgreSQL for this run (scripts/postgres.mjs). */
export function providePostgres(options?: {
  durable?: boolean;
}): Promise<{ url: string; stop: () => Promise<void> } | null>;
