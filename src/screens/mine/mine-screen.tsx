import '../../i18n/pages';
import '../../styles/content-screens.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { usePortfolio } from '../../components/portfolio/use-portfolio';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { refreshLoginInfo } from '../../state/login-info';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { AccountSummary, GuestCard } from './mine-summary';
import { MineRows } from './mine-rows';

/** The Mine tab: the account at a glance and the way into every account area. */
export default function MineScreen() {
  const { t } = useTranslation('content');
  const { userToken, userInfo, loginInfo, userAccountType } = useSnapshot(session);
  const { lang } = useSnapshot(prefs);
  const signedIn = userToken !== '';
  const portfolio = usePortfolio(signedIn);

  // The KYC label must be current (a review may have finished since login), as in the drawer.
  useEffect(() => {
    if (signedIn) void refreshLoginInfo();
  }, [signedIn, userToken]);

  // A session opened offline (stored tokens, no account stored) shows "--" for the account; the
  // portfolio's retry that brings the figures back asks for the account line again too.
  const assetsStatus = portfolio.assets.status;
  const failed = useRef(false);
  useEffect(() => {
    if (assetsStatus === 'error') failed.current = true;
    else if (assetsStatus === 'ready' && failed.current) {
      failed.current = false;
      if (signedIn) void refreshLoginInfo();
    }
  }, [assetsStatus, signedIn]);

  const rawId = loginInfo?.user.id ?? userInfo?.id;
  return (
    <Screen className="mine-screen">
      <Navbar title={t('mine.title')} back={false} />
      <div className="screen__body">
        {signedIn ? (
          <AccountSummary
            account={loginInfo?.user.account ?? userInfo?.account ?? ''}
            name={loginInfo?.user.verifiedName ?? ''}
            userId={rawId === undefined ? '' : String(rawId)}
            idStatus={loginInfo?.user.idStatus ?? userInfo?.idStatus}
            accountType={userAccountType}
            portfolio={portfolio}
            locale={lang}
          />
        ) : (
          <GuestCard />
        )}
        <MineRows signedIn={signedIn} />
      </div>
    </Screen>
  );
}
