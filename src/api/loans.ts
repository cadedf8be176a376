import type { Page } from '../../domain/protocol/envelope';
import {
  loanPageSchema,
  loanSchema,
  loanStatementSchema,
  loanTermsSchema,
  type Loan,
  type LoanStatement,
  type LoanApplyRequest,
  type LoanRepayRequest,
  type LoanTerms,
} from '../../domain/protocol/loans';
import { get, post, type RequestOptions } from './request';

/** Loans: one function per endpoint, each answer checked against its schema. */

export function getLoanTerms(options?: RequestOptions): Promise<LoanTerms> {
  return get('/user/loan', {}, loanTermsSchema, options);
}

/** A new application, or the answer to a changed amount (id + accept). */
export function applyLoan(request: LoanApplyRequest, options?: RequestOptions): Promise<Loan> {
  return post('/user/loan/apply', { ...request }, loanSchema, options);
}

export function listLoans(
  query: { page?: number; size?: number } = {},
  options?: RequestOptions,
): Promise<Page<Loan>> {
  return get('/user/loan/order/list', { page: 1, size: 50, ...query }, loanPageSchema, options);
}

export function repayLoan(request: LoanRepayRequest, options?: RequestOptions): Promise<Loan> {
  return post('/user/loan/repay', { ...request }, loanSchema, options);
}

/** GET /user/loan/statement (added): one loan's account, newest first. */
export function getLoanStatement(id: string, options?: RequestOptions): Promise<LoanStatement> {
  return get('/user/loan/statement', { id }, loanStatementSchema, options);
}
