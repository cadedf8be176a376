import type { ComponentType } from 'react';
import AdviceScreen from './advice-screen';
import CreditScoreScreen from './credit-score-screen';
import VipScreen from './vip-screen';
import VoteScreen from './vote-screen';

// The four membership routes load this one chunk through one import site in the route
// table, keyed by path: four import sites cost the first load's preload lists more than the
// screens share (scripts/bundle-budget.mjs).
export type MembershipPath =
  '/pages/stock/vip' | '/pages/stock/advice' | '/pages/stock/vote' | '/pages/user/creditScore';

export const MEMBERSHIP_SCREENS: Record<MembershipPath, ComponentType> = {
  '/pages/stock/vip': VipScreen,
  '/pages/stock/advice': AdviceScreen,
  '/pages/stock/vote': VoteScreen,
  '/pages/user/creditScore': CreditScoreScreen,
};
