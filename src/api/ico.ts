import type { Page } from '../../domain/protocol/envelope';
import {
  icoCommitmentPageSchema,
  icoCommitmentSchema,
  icoPageSchema,
  icoSchema,
  type CommitmentStatus,
  type Ico,
  type IcoApplyRequest,
  type IcoCommitment,
  type IcoStatusWire,
} from '../../domain/protocol/ico';
import { post, type RequestOptions } from './request';

/**
 * Coin ICOs: the sales (public; a signed-in caller's token adds what they committed
 * and their account's pool) and the user's commitments. POST like all of SPEC §7's coin API; every
 * answer is checked against the schema the server answers with (domain/protocol/ico.ts).
 */
export type Paging = { page?: number; size?: number };

/** POST /coin/new/list: every sale, newest window first, optionally one status. */
export function listIcos(
  query: Paging & { status?: IcoStatusWire | undefined } = {},
  options?: RequestOptions,
): Promise<Page<Ico>> {
  return post('/coin/new/list', { page: 1, size: 20, ...query }, icoPageSchema, options);
}

/** POST /coin/new/today: the sales taking commitments now. */
export function listTodayIcos(query: Paging = {}, options?: RequestOptions): Promise<Page<Ico>> {
  return post('/coin/new/today', { page: 1, size: 20, ...query }, icoPageSchema, options);
}

/** POST /coin/new/list/coming: the sales not open yet, soonest first. */
export function listComingIcos(query: Paging = {}, options?: RequestOptions): Promise<Page<Ico>> {
  return post('/coin/new/list/coming', { page: 1, size: 20, ...query }, icoPageSchema, options);
}

/** POST /coin/new/info: one sale with its live totals (the estimate's input). */
export function getIco(id: string, options?: RequestOptions): Promise<Ico> {
  return post('/coin/new/info', { id }, icoSchema, options);
}

/** POST /coin/order/new/list: the active account's commitments, newest first. */
export function listCommitments(
  query: Paging & { status?: CommitmentStatus | undefined } = {},
  options?: RequestOptions,
): Promise<Page<IcoCommitment>> {
  return post('/coin/order/new/list', { page: 1, size: 20, ...query }, icoCommitmentPageSchema, options);
}

/** POST /coin/order/new/apply: holds `amount` USDT of the coin account; the answer is the commitment. */
export function commitToIco(request: IcoApplyRequest, options?: RequestOptions): Promise<IcoCommitment> {
  return post('/coin/order/new/apply', request, icoCommitmentSchema, options);
}
