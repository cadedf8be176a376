import type { ComponentType } from 'react';
import AdviceScreen from './advice-screen';
import CreditScoreScreen from './credit-score-screen';
import VipScreen from './vip-screen';
import VoteScreen from './vote-screen';
import { paths } from '../../paths/paths';

// The four membership routes load this one chunk through one import site in the route
// table, keyed by path: four import sites cost the first load's preload lists more than the
// screens share (scripts/bundle-budget.mjs).
export type MembershipPath =
  typeof paths.vip | typeof paths.advice | typeof paths.vote | typeof paths.creditScore;

export const MEMBERSHIP_SCREENS: Record<MembershipPath, ComponentType> = {
  [paths.vip]: VipScreen,
  [paths.advice]: AdviceScreen,
  [paths.vote]: VoteScreen,
  [paths.creditScore]: CreditScoreScreen,
};
