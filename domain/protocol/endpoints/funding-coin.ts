import { endpoint } from '../endpoint';
import {
  depositPageSchema,
  depositSchema,
  fundingListRequestSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../funding';
import {
  coinRechargeAddRequestSchema,
  coinWithdrawAddRequestSchema,
  depositAddressAnswerSchema,
  depositAddressRequestSchema,
  withdrawAddressAddRequestSchema,
  withdrawAddressListRequestSchema,
  withdrawAddressListSchema,
  withdrawAddressSchema,
} from '../funding-coin';

export const fundingCoinEndpoints = {
  depositAddress: endpoint({
    method: 'POST',
    path: '/coin/recharge/address',
    auth: 'user',
    input: depositAddressRequestSchema,
    output: depositAddressAnswerSchema,
  }),
  newDepositAddress: endpoint({
    method: 'POST',
    path: '/coin/recharge/address/generate',
    auth: 'user',
    input: depositAddressRequestSchema,
    output: depositAddressAnswerSchema,
  }),
  addDeposit: endpoint({
    method: 'POST',
    path: '/coin/recharge/add',
    auth: 'user',
    input: coinRechargeAddRequestSchema,
    output: depositSchema,
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/coin/recharge/order',
    auth: 'user',
    input: fundingListRequestSchema,
    output: depositPageSchema,
  }),
  withdrawAddresses: endpoint({
    method: 'POST',
    path: '/coin/withdraw/address',
    auth: 'user',
    input: withdrawAddressListRequestSchema,
    output: withdrawAddressListSchema,
  }),
  addWithdrawAddress: endpoint({
    method: 'POST',
    path: '/coin/withdraw/address/generate',
    auth: 'user',
    input: withdrawAddressAddRequestSchema,
    output: withdrawAddressSchema,
  }),
  addWithdrawal: endpoint({
    method: 'POST',
    path: '/coin/withdraw/add',
    auth: 'user',
    input: coinWithdrawAddRequestSchema,
    idempotent: true,
    output: withdrawalSchema,
  }),
  withdrawals: endpoint({
    method: 'POST',
    path: '/coin/withdraw/order',
    auth: 'user',
    input: fundingListRequestSchema,
    output: withdrawalPageSchema,
  }),
};
