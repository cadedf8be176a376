import type { ErrorKey } from '../protocol/error-keys';

/**
 * A refusal of the primary market: the key the server answers with (the primary market's keys
 * are listed with the other products' in protocol/error-keys-products.ts) and the message's
 * parameters (as `RuleError`).
 */
export type IpoError = { key: ErrorKey; params?: Record<string, string | number> };
