import { paths } from '../../routes/paths';
import { instrumentHref } from '../../routes/shell-paths';
/** The membership screens' paths (spec/routes.txt). */
export const VIP_PATH = paths.vip;
export const ADVICE_PATH = paths.advice;
export const VOTE_PATH = paths.vote;
export const CREDIT_PATH = paths.creditScore;
export const stockHref = (symbol: string) => instrumentHref('stock', symbol);
