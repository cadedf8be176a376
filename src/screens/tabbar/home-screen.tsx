import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { GlobeIcon, MenuIcon, PhoneIcon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { lazyWithRetry } from '../../components/chunks/lazy-with-retry';
import { LoadedSlot } from '../../components/chunks/loaded-slot';
import { session } from '../../state/session';
import { openDrawer, ui } from '../../state/ui';
import { HotStocks, TopCoins } from './home-lists';
import { IndexStrip } from './index-strip';
import { usePainted } from './use-painted';
import {
  ABOUT_PATH,
  DOWNLOAD_PATH,
  LANG_PATH,
  LOGIN_PATH,
  MARKETS_PATH,
  REGISTER_PATH,
} from '../../paths/shell-paths';
import { ButtonLink } from '../../components/button';

// Signed-in only: a guest's first load (the Lighthouse and budget measurement) never fetches it.
// Signed in, the card's chunk (which asks for its data as it loads) is asked for with this
// screen's, not after this screen's first render; shown as it arrives (LoadedSlot), not through a
// Suspense fallback, which React holds back until 300 ms after it appeared.
const homePortfolio = lazyWithRetry(() => import('./home-portfolio'));
if (session.userToken !== '') void homePortfolio.preload();

/**
 * Signed out, the first thing Home offers is an account (as Midas and Robinhood do): before, only
 * the Mine tab and the drawer led to registration or login.
 */
function HomeGuestCard() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="home-guest-title" data-testid="home-guest">
      <h2 id="home-guest-title" className="card__title">
        {t('home.guest_title')}
      </h2>
      <p className="card__text">{t('home.guest_body')}</p>
      <div className="card__actions">
        <ButtonLink href={REGISTER_PATH} testId="home-register">
          {t('home.register')}
        </ButtonLink>
        <ButtonLink href={LOGIN_PATH} look="secondary" testId="home-login">
          {t('home.login')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Below the first screenful of a 390×844 phone, signed in or not: drawn once the first frame has painted. */
function HomeBelowFold() {
  const { t } = useTranslation();
  return (
    <>
      <TopCoins />

      <section className="card" aria-labelledby="home-intro-title">
        <span className="badge">{t('home.intro_badge')}</span>
        <h2 id="home-intro-title" className="card__title">
          {t('home.intro_title')}
        </h2>
        <p className="card__text">{t('home.intro_body')}</p>
        <div className="card__actions">
          <ButtonLink href={MARKETS_PATH} testId="home-markets">
            {t('home.markets_link')}
          </ButtonLink>
          <ButtonLink href={ABOUT_PATH} look="secondary" testId="home-about">
            {t('home.about_link')}
          </ButtonLink>
        </div>
      </section>

      <section className="card card--row" aria-labelledby="home-install-title">
        <span className="card__icon">
          <PhoneIcon />
        </span>
        <div>
          <h2 id="home-install-title" className="card__title">
            {t('home.install_title')}
          </h2>
          <p className="card__text">{t('home.install_body')}</p>
          <Link href={DOWNLOAD_PATH} className="text-link" data-testid="home-download">
            {t('home.install_link')}
          </Link>
        </div>
      </section>
    </>
  );
}

/**
 * Home: signed out, an open-account / log-in card; signed in, the portfolio's value first; then BIST status and indices, hot stocks and top
 * coins (all live), then the sandbox intro.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { drawerOpen } = useSnapshot(ui);
  const signedIn = useSnapshot(session).userToken !== '';
  // A tap back to Home renders it in the tap's task with its kept answers: the coins, the intro
  // and the install card (~40 % of its nodes) follow in a task of their own after that frame.
  const painted = usePainted();
  return (
    <Screen className="home-screen">
      <header className="navbar">
        <div className="navbar__side">
          <button
            type="button"
            className="icon-button"
            data-testid="drawer-open"
            aria-label={t('drawer.open')}
            aria-expanded={drawerOpen}
            onClick={openDrawer}
          >
            <MenuIcon />
          </button>
        </div>
        <h1 className="navbar__title">{t('app_name')}</h1>
        <div className="navbar__side navbar__side--end">
          <Link href={LANG_PATH} className="icon-button" aria-label={t('home.language')}>
            <GlobeIcon />
          </Link>
        </div>
      </header>

      <div className="screen__body">
        {!signedIn && <HomeGuestCard />}
        {signedIn && (
          <LoadedSlot
            screen={homePortfolio}
            pending={
              <section className="card" aria-busy="true" data-testid="home-portfolio-pending">
                <span className="skeleton skeleton--line" />
              </section>
            }
          />
        )}
        <IndexStrip />
        <HotStocks />
        {painted && <HomeBelowFold />}
      </div>
    </Screen>
  );
}
