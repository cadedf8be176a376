import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import { writeStored } from '../../state/persisted';
import { LoginForm } from './login-form';
import { paths } from '../../paths/paths';

const TRADE_PATH = paths.trade;

/** Login for the crypto area: afterwards the Trade tab opens on its coin ticket. */
export default function CoinLoginScreen() {
  const { t } = useTranslation('account');
  return (
    <LoginForm
      title={t('login.coin_title')}
      lead={t('login.coin_lead')}
      destination={TRADE_PATH}
      onSignedIn={() => writeStored('systemTradeType', 'coin')}
    />
  );
}
