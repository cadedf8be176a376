import '../../i18n/account';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { UserProfile } from '../../../domain/protocol/account';
import { Navbar } from '../../components/navbar';
import { RetryMessage } from './retry-message';
import { Screen } from '../../components/screen';
import { account, loadProfile } from '../../state/account';
import { session } from '../../state/session';
import '../../styles/account.css';
import { paths } from '../../paths/paths';

/** The security centre: where a security form opened on its own returns when it is done. */
export const SECURITY_PATH = paths.security;

/** Always visible on the account screens while the demo account is active (honest switch). */
export function DemoBanner() {
  const { t } = useTranslation('account');
  const { userAccountType } = useSnapshot(session);
  if (userAccountType !== 'demo') return null;
  return (
    <div className="demo-banner" role="status" data-testid="demo-banner">
      <span className="demo-badge" data-testid="demo-badge">
        {t('demo.badge')}
      </span>
      <span>{t('demo.banner')}</span>
    </div>
  );
}

/** The frame of every security screen: navbar, the demo banner, then the body. */
export function SecurityFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Screen className="security-screen">
      <Navbar title={title} />
      <DemoBanner />
      {children}
    </Screen>
  );
}

/** The signed-in user's profile, loaded once per token (and again when `accountEpoch` moves). */
export function useProfile() {
  const snap = useSnapshot(account);
  const { userToken } = useSnapshot(session);
  useEffect(() => {
    void loadProfile();
  }, [userToken]);
  return {
    profile: snap.profile as UserProfile | null,
    status: snap.profileStatus,
    error: snap.profileError,
    retry: () => void loadProfile(true),
  };
}

/** Skeleton rows while the profile loads, a retry when it failed, else the content. */
export function ProfileGate({
  rows = 4,
  children,
}: {
  rows?: number;
  children: (profile: UserProfile) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const { profile, status, error, retry } = useProfile();
  if (profile) return <>{children(profile)}</>;
  if (status === 'error') {
    return (
      <RetryMessage
        title={t('state.error_title')}
        body={error}
        retry={t('state.retry')}
        onRetry={retry}
        testId="profile-error"
        retryTestId="profile-retry"
      />
    );
  }
  return (
    <div
      className="screen__body"
      aria-busy="true"
      aria-label={t('state.loading')}
      data-testid="profile-loading"
    >
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton skeleton--block" />
      ))}
    </div>
  );
}
