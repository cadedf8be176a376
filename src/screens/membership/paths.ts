import { paths } from '../../paths/paths';
import { instrumentHref } from '../../paths/shell-paths';
/** The membership screens' paths (spec/routes.txt). */
export const VIP_PATH = paths.vip;
export const ADVICE_PATH = paths.advice;
export const stockHref = (symbol: string) => instrumentHref('stock', symbol);
