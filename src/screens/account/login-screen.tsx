import '../../i18n-account';
import { useTranslation } from '../../i18n-hook';
import { useSearch } from 'wouter';
import { returnPathFrom } from '../../routes/navigation';
import { LoginForm } from './login-form';

export default function LoginScreen() {
  const { t } = useTranslation('account');
  // Sent here by the guard from a screen: back to it; else the stored systemRouter.
  const destination = returnPathFrom(useSearch()) ?? undefined;
  return <LoginForm title={t('login.title')} lead={t('login.lead')} destination={destination} />;
}
