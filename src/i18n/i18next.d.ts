import type { resources } from './setup';
import type trCommon from '../../locales/tr-TR/common.json';
import type trContent from '../../locales/tr-TR/content.json';
import type trErrors from '../../locales/tr-TR/errors.json';
import type trAccount from '../../locales/tr-TR/account.json';
import type trInstrument from '../../locales/tr-TR/instrument.json';
import type trContract from '../../locales/tr-TR/contract.json';
import type trTrade from '../../locales/tr-TR/trade.json';
import type trExchange from '../../locales/tr-TR/exchange.json';
import type trCoinFunding from '../../locales/tr-TR/coin-funding.json';
import type trFunding from '../../locales/tr-TR/funding.json';
import type trIpo from '../../locales/tr-TR/ipo.json';
import type trOptions from '../../locales/tr-TR/options.json';
import type trIco from '../../locales/tr-TR/ico.json';
import type trBulk from '../../locales/tr-TR/bulk.json';
// AI stock products
import type trAi from '../../locales/tr-TR/ai.json';
import type trRobot from '../../locales/tr-TR/robot.json';
// loans and support chat
import type trLoan from '../../locales/tr-TR/loan.json';
import type trService from '../../locales/tr-TR/service.json';
import type trLocation from '../../locales/tr-TR/location.json';
import type trPull from '../../locales/tr-TR/pull.json';
import type trMembership from '../../locales/tr-TR/membership.json';
import type trMembershipEntry from '../../locales/tr-TR/membership-entry.json';
import type trTicketAmount from '../../locales/tr-TR/ticket-amount.json';
import type trConditional from '../../locales/tr-TR/conditional.json';
import type trPasskeys from '../../locales/tr-TR/passkeys.json';
import type trAlerts from '../../locales/tr-TR/alerts.json';
import type trAlertsEntry from '../../locales/tr-TR/alerts-entry.json';
import type trChart from '../../locales/tr-TR/chart.json';
import type trSearch from '../../locales/tr-TR/search.json';
import type trRecords from '../../locales/tr-TR/records.json';
import type trLearn from '../../locales/tr-TR/learn.json';
import type trLearnEntry from '../../locales/tr-TR/learn-entry.json';
import type trReplay from '../../locales/tr-TR/replay.json';
import type trPanelError from '../../locales/tr-TR/panel-error.json';

/** Namespaces loaded with their screens' chunk (src/i18n/namespace.ts), typed all the same. */
type LazyNamespaces = {
  // Off the first screen (src/i18n/account.ts, src/i18n/instrument.ts).
  account: typeof trAccount;
  instrument: typeof trInstrument;
  trade: typeof trTrade;
  contract: typeof trContract;
  exchange: typeof trExchange;
  coinFunding: typeof trCoinFunding;
  funding: typeof trFunding;
  ipo: typeof trIpo;
  options: typeof trOptions;
  ico: typeof trIco;
  bulk: typeof trBulk;
  // AI stock products
  ai: typeof trAi;
  robot: typeof trRobot;
  // loans and support chat
  loan: typeof trLoan;
  service: typeof trService;
  location: typeof trLocation;
  pull: typeof trPull;
  membership: typeof trMembership;
  membershipEntry: typeof trMembershipEntry;
  ticketAmount: typeof trTicketAmount;
  conditional: typeof trConditional;
  passkeys: typeof trPasskeys;
  // alerts and notifications
  alerts: typeof trAlerts;
  alertsEntry: typeof trAlertsEntry;
  chart: typeof trChart;
  search: typeof trSearch;
  // money records (statements, funding records)
  records: typeof trRecords;
  learn: typeof trLearn;
  learnEntry: typeof trLearnEntry;
  replay: typeof trReplay;
  panelError: typeof trPanelError;
};

// Typed keys: a t('…') call with a key missing from the Turkish texts fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Every error and common text is typed, the ones that load with later screens included.
    resources: Omit<(typeof resources)['tr-TR'], 'errors' | 'common' | 'content'> & {
      errors: typeof trErrors;
      common: typeof trCommon;
      content: typeof trContent;
    } & LazyNamespaces;
  }
}
