import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n-hook';
import { Link } from 'wouter';
import { ChevronIcon } from '../../components/icons';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';

/**
 * /pages/withdraw/withdraw: TRY to a bank account or crypto to an address, each with what it
 * needs in one line, so the user knows before choosing (DECISIONS §2).
 */
export default function WithdrawHubScreen() {
  const { t } = useTranslation('coinFunding');
  const paths = [
    {
      href: '/pages/withdraw/bankWithdraw',
      title: t('hub.bank'),
      terms: t('hub.bank_terms'),
      testId: 'hub-bank',
    },
    {
      href: '/pages/withdraw/cryptoWithdraw',
      title: t('hub.crypto'),
      terms: t('hub.crypto_terms'),
      testId: 'hub-crypto',
    },
  ];
  return (
    <Screen>
      <Navbar title={t('hub.title')} />
      <div className="screen__body funding-stack">
        <ul className="funding-rows">
          {paths.map((path) => (
            <li key={path.href}>
              <Link href={path.href} className="funding-row" data-testid={path.testId}>
                <span className="funding-row__main">
                  <span>{path.title}</span>
                  <span className="funding-row__sub">{path.terms}</span>
                </span>
                <ChevronIcon className="link-list__chevron" />
              </Link>
            </li>
          ))}
        </ul>
        <div className="funding-actions">
          <Link className="text-link" href="/pages/wallet/addressList" data-testid="hub-addresses">
            {t('hub.addresses')}
          </Link>
          <Link className="text-link" href="/pages/withdraw/recordIndex" data-testid="hub-records">
            {t('hub.records')}
          </Link>
        </div>
      </div>
    </Screen>
  );
}
