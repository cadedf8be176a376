import { lazy, Suspense, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { prefs } from '../../state/prefs';
import { PortfolioCard } from './portfolio-figures';
import { askPortfolioEarly, usePortfolio } from './use-portfolio';

// The card's data is asked for as this module loads, not after the card's first render.
askPortfolioEarly();

// AI stock products (issue 16): their entry row on home, for the signed in (who can buy them),
// from the AI screens' chunk, so neither the first load nor this module carries its code. The
// chunk is asked for as this module loads, alongside the portfolio's data, so the row is there
// by the time the card is.
const aiScreens = import('../../screens/ai/ai-screens');
// A chunk that fails to load leaves the row out rather than taking the portfolio card with it.
const AiEntry = lazy<ComponentType<{ testId: string }>>(() =>
  aiScreens.then(
    (m) => ({ default: m.AiEntry }),
    () => ({ default: () => null }),
  ),
);

/**
 * Home's portfolio card with its data, as a module of its own: Home loads it only for a signed-in
 * user, so a guest's first load carries none of the account and contract code behind it.
 */
export default function HomePortfolio() {
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <PortfolioCard portfolio={usePortfolio(true)} locale={lang} />
      <Suspense fallback={null}>
        <AiEntry testId="home-ai" />
      </Suspense>
    </>
  );
}
