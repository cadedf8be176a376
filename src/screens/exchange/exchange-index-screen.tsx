import './namespace';
import '../../styles/exchange.css';
import { useTranslation } from '../../i18n-hook';
import { TitledLink } from '../../components/titled-link';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { paths } from '../../routes/paths';

const CHOICES = [
  { href: paths.exchangeStock, key: 'stock', testId: 'exchange-choice-stock' },
  { href: paths.cryptoConvert, key: 'crypto', testId: 'exchange-choice-crypto' },
  { href: paths.exchangeAny, key: 'any', testId: 'exchange-choice-any' },
  { href: paths.cryptoTransfer, key: 'transfer', testId: 'exchange-choice-transfer' },
] as const;

/** /pages/exchange/index: which kind of exchange, each with a line saying what it does. */
export default function ExchangeIndexScreen() {
  const { t } = useTranslation('exchange');
  return (
    <Screen className="exchange-screen">
      <Navbar title={t('index.title')} />
      <div className="screen__body">
        <p className="hint">{t('index.intro')}</p>
        <ul className="exchange-choices" aria-label={t('index.title')}>
          {CHOICES.map((choice) => (
            <li key={choice.key}>
              <TitledLink
                href={choice.href}
                title={t(`index.${choice.key}_title`)}
                body={t(`index.${choice.key}_body`)}
                testId={choice.testId}
                className="exchange-choices__row"
                block="exchange-choices"
              />
            </li>
          ))}
        </ul>
      </div>
    </Screen>
  );
}
