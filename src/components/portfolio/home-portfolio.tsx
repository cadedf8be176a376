import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { prefs } from '../../state/prefs';
import { PortfolioCard } from './portfolio-figures';
import { usePortfolio } from './use-portfolio';

// AI stock products (issue 16): their entry row on home, for the signed in (who can buy them),
// from the AI screens' chunk, so neither the first load nor this module carries its code.
const AiEntry = lazy(() => import('../../screens/ai/ai-screens').then((m) => ({ default: m.AiEntry })));

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
