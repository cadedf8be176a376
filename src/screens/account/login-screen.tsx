import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { RETURN_PARAM } from '../../paths/navigation';
import { LoginForm } from './login-form';
import { isComeBackPath } from '../../paths/shell-paths';
import { repeatSessionEnded } from '../../services/session-ended';

// Here, not in routes/navigation (on the first load of `/`): only this screen reads it.
/**
 * Where the login screen's query says to return, when it is one of the app's own pages: never
 * another site ("//evil", "https://…"), never the sign-in screens themselves. Null otherwise.
 */
export function returnPathFrom(search: string): string | null {
  const target = new URLSearchParams(search).get(RETURN_PARAM);
  if (target === null || !isComeBackPath(target) || /[\\\s]/.test(target)) return null;
  return target;
}

export default function LoginScreen() {
  const { t } = useTranslation('account');
  // Sent here by the guard from a screen: back to it; else the stored systemRouter.
  const destination = returnPathFrom(useSearch()) ?? undefined;
  useEffect(repeatSessionEnded, []);
  return <LoginForm title={t('login.title')} lead={t('login.lead')} destination={destination} />;
}
