import { endpoint } from '../endpoint';
import { contractOpenRequestSchema } from '../contracts';
import { contractPreviewSchema, spotPreviewSchema, stockPreviewRequestSchema } from '../order-preview';
import { coinOrderRequestSchema } from '../trading';

/** What an order would cost before it is sent: the order's own body in, nothing written. */
export const orderPreviewEndpoints = {
  stock: endpoint({
    method: 'POST',
    path: '/stock/order/preview',
    auth: 'user',
    input: stockPreviewRequestSchema,
    output: spotPreviewSchema,
  }),
  coin: endpoint({
    method: 'POST',
    path: '/coin/order/preview',
    auth: 'user',
    input: coinOrderRequestSchema,
    output: spotPreviewSchema,
  }),
  contract: endpoint({
    method: 'POST',
    path: '/coin/contract/order/preview',
    auth: 'user',
    input: contractOpenRequestSchema,
    output: contractPreviewSchema,
  }),
};
