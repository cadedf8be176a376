// What the database's failures of a batch say: whose fault, and whether it surely rolled back.

/** The SQLSTATE the database raised, however the driver and drizzle wrap it; undefined for none. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}

/** An error the database raised (it carries a SQLSTATE), however the driver and drizzle wrap it. */
export function isDatabaseError(error: unknown): boolean {
  return sqlStateOf(error) !== undefined;
}

/**
 * A failure the database raised against the batch's own statements, which left its transaction
 * rolled back for sure: data (22: a value past a column's range), integrity (23), transaction
 * rollback (40: a deadlock, a serialization failure), syntax or access (42), a trigger's raise
 * (P0). Not a lost connection or a server going down (08, 57, 58, XX, no SQLSTATE): a COMMIT
 * may have landed before it, and running the jobs again could do them twice.
 */
export function rolledBackForSure(error: unknown): boolean {
  return /^(22|23|40|42|P0)/.test(sqlStateOf(error) ?? '');
}

/**
 * How often a job runs again after its batch was chosen as a deadlock's or a serialization
 * failure's victim: the other side commits meanwhile, so a second run rarely meets it again.
 */
export const VICTIM_RUNS = 3;

/** The database ended the batch to let another transaction through: nothing of it was wrong. */
export const wasVictim = (error: unknown) => /^40(P01|001)$/.test(sqlStateOf(error) ?? '');
