import '../../i18n/pages';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import enEntry from '../../../locales/en-US/membership-entry.json';
import trEntry from '../../../locales/tr-TR/membership-entry.json';
import enLearnEntry from '../../../locales/en-US/learn-entry.json';
import trLearnEntry from '../../../locales/tr-TR/learn-entry.json';
import { UnreadBadge } from '../../components/content/unread-badge';
import { addNamespace } from '../../i18n/namespace';
import { ThemeChoice } from './theme-choice';
import { listenForAlerts } from '../../services/alert-banner';
import {
  AutoIcon,
  CheckIcon,
  ChevronIcon,
  GlobeIcon,
  InfoIcon,
  LedgerIcon,
  MineIcon,
  PhoneIcon,
  RecordIcon,
  ShieldIcon,
  BankIcon,
} from '../../components/icons';
import { paths } from '../../paths/paths';

export type RowName =
  | 'assets'
  | 'kyc'
  | 'security'
  | 'account'
  | 'messages'
  | 'notices'
  | 'news'
  | 'ipoSwitch'
  | 'privacy'
  | 'lang'
  | 'about'
  | 'download'
  | 'robots'
  | 'loan'
  | 'service';
/** Membership's rows: their labels ship with this chunk, not the first load. */
type MembershipRow = 'vip' | 'creditScore' | 'vote';
/** The alerts rows: labels from their own small namespace (src/services/alert-banner.ts). */
type AlertsRow = 'alerts' | 'notifications';
/** The learner's rows: labels from their own small namespace. */
type LearnRow = 'journal' | 'reports' | 'riskCheck';

type Row = {
  name: RowName | MembershipRow | AlertsRow | LearnRow;
  path: string;
  Icon: ComponentType;
  public?: boolean;
};
type Section = { name: 'account' | 'products' | 'learn' | 'info' | 'support' | 'app'; rows: readonly Row[] };

/**
 * Every area of the account, grouped as broker apps group them: who I am, what I hold and use
 * (products, membership and its polls), what I am told, where I get help, the app itself.
 * `public` rows are the ones guests see (DECISIONS §3).
 */
const SECTIONS: readonly Section[] = [
  {
    name: 'account',
    rows: [
      { name: 'assets', path: paths.assets, Icon: LedgerIcon },
      { name: 'kyc', path: paths.kyc, Icon: CheckIcon },
      { name: 'security', path: paths.security, Icon: ShieldIcon },
      { name: 'account', path: paths.account, Icon: MineIcon },
      { name: 'privacy', path: paths.privacy, Icon: ShieldIcon },
    ],
  },
  {
    name: 'products',
    rows: [
      { name: 'robots', path: paths.robotList, Icon: AutoIcon },
      { name: 'ipoSwitch', path: paths.ipoSwitch, Icon: AutoIcon },
      { name: 'loan', path: paths.loan, Icon: BankIcon },
      { name: 'vip', path: paths.vip, Icon: CheckIcon },
      { name: 'creditScore', path: paths.creditScore, Icon: LedgerIcon },
      { name: 'vote', path: paths.vote, Icon: InfoIcon },
    ],
  },
  {
    name: 'learn',
    rows: [
      { name: 'journal', path: paths.journal, Icon: RecordIcon },
      { name: 'reports', path: paths.reports, Icon: LedgerIcon },
      { name: 'riskCheck', path: paths.riskCheck, Icon: ShieldIcon },
    ],
  },
  {
    name: 'info',
    rows: [
      { name: 'messages', path: paths.messages, Icon: RecordIcon },
      { name: 'notices', path: paths.noticeList, Icon: InfoIcon, public: true },
      { name: 'news', path: paths.newsList, Icon: RecordIcon, public: true },
      { name: 'alerts', path: paths.alerts, Icon: InfoIcon },
      { name: 'notifications', path: paths.notifications, Icon: InfoIcon },
    ],
  },
  {
    name: 'support',
    rows: [
      // An account screen, so guests do not see the row.
      { name: 'service', path: paths.userService, Icon: InfoIcon },
      { name: 'about', path: paths.about, Icon: InfoIcon, public: true },
    ],
  },
  {
    name: 'app',
    rows: [
      { name: 'lang', path: paths.lang, Icon: GlobeIcon, public: true },
      { name: 'download', path: paths.download, Icon: PhoneIcon, public: true },
    ],
  },
];

addNamespace('membershipEntry', { 'tr-TR': trEntry, 'en-US': enEntry });
addNamespace('learnEntry', { 'tr-TR': trLearnEntry, 'en-US': enLearnEntry });

const MEMBERSHIP_ROWS: readonly string[] = ['vip', 'creditScore', 'vote'];
const isMembershipRow = (name: string): name is MembershipRow => MEMBERSHIP_ROWS.includes(name);
const isAlertsRow = (name: string): name is AlertsRow => name === 'alerts' || name === 'notifications';
const isLearnRow = (name: string): name is LearnRow => ['journal', 'reports', 'riskCheck'].includes(name);

function RowLink({ row, extra }: { row: Row; extra?: ReactNode }) {
  const { t } = useTranslation('content');
  return (
    <li>
      <Link href={row.path} className="link-list__row" data-testid={`mine-row-${row.name}`}>
        <span className="mine-rows__icon" aria-hidden="true">
          <row.Icon />
        </span>
        <span className="link-list__label">
          {isMembershipRow(row.name)
            ? t(row.name, { ns: 'membershipEntry' })
            : isAlertsRow(row.name)
              ? t(`rows.${row.name}`, { ns: 'alertsEntry' })
              : isLearnRow(row.name)
                ? t(`rows.${row.name}`, { ns: 'learnEntry' })
                : t(`mine.rows.${row.name}`)}
        </span>
        {extra}
        <ChevronIcon className="link-list__chevron" />
      </Link>
    </li>
  );
}

/** The entries of the Mine tab: all of them when signed in, the public ones for guests. */
export function MineRows({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('content');
  // Signed in, alerts that fire from now on show as a banner on any screen.
  useEffect(() => {
    if (signedIn) listenForAlerts();
  }, [signedIn]);
  return (
    <>
      {SECTIONS.map((section) => {
        const rows = section.rows.filter((row) => signedIn || row.public);
        if (rows.length === 0) return null;
        return (
          <section key={section.name} className="mine-rows" aria-labelledby={`mine-section-${section.name}`}>
            <h2 id={`mine-section-${section.name}`} className="mine-rows__title">
              {section.name === 'learn'
                ? t('section', { ns: 'learnEntry' })
                : t(`mine.sections.${section.name}`)}
            </h2>
            <ul className="link-list">
              {rows.map((row) => (
                <RowLink
                  key={row.name}
                  row={row}
                  extra={row.name === 'messages' ? <UnreadBadge testId="mine-unread" /> : undefined}
                />
              ))}
              {section.name === 'app' && <ThemeChoice />}
            </ul>
          </section>
        );
      })}
    </>
  );
}
