import '../../i18n-account';
import { useTranslation } from '../../i18n-hook';
import { LoginForm } from './login-form';

export default function LoginScreen() {
  const { t } = useTranslation('account');
  return <LoginForm title={t('login.title')} lead={t('login.lead')} />;
}
