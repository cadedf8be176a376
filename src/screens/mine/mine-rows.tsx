import '../../i18n-pages';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import enEntry from '../../../locales/en-US/membership-entry.json';
import trEntry from '../../../locales/tr-TR/membership-entry.json';
import { UnreadBadge } from '../../components/content/unread-badge';
import { addNamespace } from '../../i18n-namespace';
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
  // robots (issue 16)
  | 'robots'
  // loans and support chat (issue 17)
  | 'loan'
  | 'service';
/** Membership's rows (issue 17): their labels ship with this chunk, not the first load. */
type MembershipRow = 'vip' | 'creditScore' | 'vote';

type Row = { name: RowName | MembershipRow; path: string; Icon: ComponentType; public?: boolean };
type Section = { name: 'account' | 'info' | 'app'; rows: readonly Row[] };

/** Every area of the account, grouped; `public` rows are the ones guests see (DECISIONS §3). */
const SECTIONS: readonly Section[] = [
  {
    name: 'account',
    rows: [
      { name: 'assets', path: '/pages/user/assets', Icon: LedgerIcon },
      { name: 'kyc', path: '/pages/user/kyc', Icon: CheckIcon },
      { name: 'security', path: '/pages/user/security', Icon: ShieldIcon },
      { name: 'account', path: '/pages/user/account', Icon: MineIcon },
      { name: 'ipoSwitch', path: '/pages/user/ipoSwitch', Icon: AutoIcon },
      { name: 'privacy', path: '/pages/user/privacy', Icon: ShieldIcon },
      // loans (issue 17)
      { name: 'loan', path: '/pages/user/loan', Icon: BankIcon },
      // — membership (issue 17) —
      { name: 'vip', path: '/pages/stock/vip', Icon: CheckIcon },
      { name: 'creditScore', path: '/pages/user/creditScore', Icon: LedgerIcon },
    ],
  },
  {
    name: 'info',
    rows: [
      { name: 'messages', path: '/pages/user/message', Icon: RecordIcon },
      { name: 'notices', path: '/pages/notice/list', Icon: InfoIcon, public: true },
      { name: 'news', path: '/pages/news/list', Icon: RecordIcon, public: true },
      // robots (issue 16)
      { name: 'robots', path: '/pages/robot/list', Icon: AutoIcon },
      // support chat (issue 17): an account screen, so guests do not see the row
      { name: 'service', path: '/pages/user/service', Icon: InfoIcon },
      // — membership (issue 17) —
      { name: 'vote', path: '/pages/stock/vote', Icon: InfoIcon },
    ],
  },
  {
    name: 'app',
    rows: [
      { name: 'lang', path: '/pages/common/lang', Icon: GlobeIcon, public: true },
      { name: 'about', path: '/pages/user/about', Icon: InfoIcon, public: true },
      { name: 'download', path: '/pages/common/download', Icon: PhoneIcon, public: true },
    ],
  },
];

addNamespace('membershipEntry', { 'tr-TR': trEntry, 'en-US': enEntry });

const MEMBERSHIP_ROWS: readonly string[] = ['vip', 'creditScore', 'vote'];
const isMembershipRow = (name: string): name is MembershipRow => MEMBERSHIP_ROWS.includes(name);

function RowLink({ row, extra }: { row: Row; extra?: ReactNode }) {
  const { t } = useTranslation('content');
  return (
    <li>
      <Link href={row.path} className="link-list__row" data-testid={`mine-row-${row.name}`}>
        <span className="mine-rows__icon" aria-hidden="true">
          <row.Icon />
        </span>
        <span className="link-list__label">
          {isMembershipRow(row.name) ? t(row.name, { ns: 'membershipEntry' }) : t(`mine.rows.${row.name}`)}
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
  return (
    <>
      {SECTIONS.map((section) => {
        const rows = section.rows.filter((row) => signedIn || row.public);
        if (rows.length === 0) return null;
        return (
          <section key={section.name} className="mine-rows" aria-labelledby={`mine-section-${section.name}`}>
            <h2 id={`mine-section-${section.name}`} className="mine-rows__title">
              {t(`mine.sections.${section.name}`)}
            </h2>
            <ul className="link-list">
              {rows.map((row) => (
                <RowLink
                  key={row.name}
                  row={row}
                  extra={row.name === 'messages' ? <UnreadBadge testId="mine-unread" /> : undefined}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
