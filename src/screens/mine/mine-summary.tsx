import '../../i18n/pages';
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import type { Locale } from '../../../domain/format/locale';
import type { IdStatus } from '../../../domain/protocol/user';
import { ActionCard } from '../../components/link-list';
import { AccountTypeBadge, KycStatusLabel } from '../../components/content/status-labels';
import { PortfolioFigures } from '../../components/portfolio/portfolio-figures';
import type { Portfolio } from '../../components/portfolio/use-portfolio';
import { ChevronIcon, MineIcon } from '../../components/icons';
import type { AccountType } from '../../state/persisted';
import { paths } from '../../paths/paths';

/** Signed out: one card that leads to login or registration. */
export function GuestCard() {
  const { t } = useTranslation('content');
  return (
    <ActionCard
      className="mine-guest"
      title={t('mine.guest_title')}
      body={t('mine.guest_body')}
      testId="mine-guest"
      links={[
        { href: paths.login, label: t('mine.login'), testId: 'mine-login' },
        { href: paths.register, label: t('mine.register'), testId: 'mine-register' },
      ]}
    />
  );
}

/**
 * An e-mail address that, when it must wrap (a narrow phone, enlarged text), breaks before its "@"
 * and its dots ("ayse.yilmaz" / "@example" / ".com"), where it still reads as an address, rather
 * than every few letters; a part longer than the line still breaks anywhere (never past the card).
 */
function BreakableAddress({ address }: { address: string }) {
  return address.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export type AccountSummaryProps = {
  account: string;
  /** The name on the verified identity; empty before KYC is approved. */
  name: string;
  userId: string;
  idStatus: IdStatus | undefined;
  accountType: AccountType;
  portfolio: Portfolio;
  locale: Locale;
};

/** Who is signed in, on which account, how far verified, and what the account is worth. */
export function AccountSummary({
  account,
  name,
  userId,
  idStatus,
  accountType,
  portfolio,
  locale,
}: AccountSummaryProps) {
  const { t } = useTranslation('content');
  return (
    <section className="card mine-summary" aria-label={t('mine.title')}>
      <div className="mine-summary__who">
        <span className="mine-summary__avatar" aria-hidden="true">
          <MineIcon />
        </span>
        <div className="mine-summary__names">
          {name !== '' && (
            <span className="mine-summary__name" data-testid="mine-name">
              {name}
            </span>
          )}
          <span
            className={name !== '' ? 'mine-summary__account hint' : 'mine-summary__account'}
            data-testid="mine-account"
          >
            {account !== '' ? <BreakableAddress address={account} /> : '--'}
          </span>
          <span className="mine-summary__id hint">
            {t('mine.user_id')}:{' '}
            <span className="num" data-testid="mine-user-id">
              {userId !== '' ? userId : '--'}
            </span>
          </span>
          <span className="mine-summary__labels">
            <AccountTypeBadge type={accountType} testId="mine-account-type" />
            {idStatus && (
              <Link href={paths.kyc} className="mine-summary__kyc">
                <KycStatusLabel status={idStatus} testId="mine-kyc-label" />
              </Link>
            )}
          </span>
        </div>
      </div>
      <div className="mine-summary__assets-head">
        <h2 className="mine-summary__assets-title">{t('mine.total_assets')}</h2>
        <Link href={paths.assets} className="text-link" data-testid="mine-assets-link">
          {t('mine.assets_link')}
          <ChevronIcon width={18} height={18} />
        </Link>
      </div>
      <PortfolioFigures portfolio={portfolio} locale={locale} />
    </section>
  );
}
