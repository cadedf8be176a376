import { useSnapshot } from 'valtio';
import { lazyWithRetry } from '../../components/chunks/lazy-with-retry';
import { LoadedSlot } from '../../components/chunks/loaded-slot';
import { prefs } from '../../state/prefs';
import { loadAiEntry } from '../../routes/screen-chunks';
import { PortfolioCard } from '../../components/portfolio/portfolio-figures';
import { askPortfolioEarly, usePortfolio } from '../../components/portfolio/use-portfolio';

// The card's data is asked for as this module loads, not after the card's first render.
askPortfolioEarly();

// AI stock products: their entry row on home, for the signed in (who can buy them), from a
// chunk of its own, so neither the first load nor this module carries its code. The chunk is
// asked for as this module loads, alongside the portfolio's data, so the row is there by the
// time the card is.
const aiChunk = loadAiEntry();
// Shown as it arrives (an optional LoadedSlot, not a Suspense fallback React holds back 300 ms);
// a chunk that fails to load leaves the row out rather than taking the portfolio card with it.
const aiEntry = lazyWithRetry(() => aiChunk.then((m) => ({ default: () => <m.AiEntry testId="home-ai" /> })));

/**
 * The card waits for its AI row (ScreenModule.ready): shown one after the other, the row pushed
 * Home's lists down ~100 ms after the card had. A row that cannot load does not hold the card.
 */
export const ready = () => aiEntry.preload();

/**
 * Home's portfolio card with its data, as a module of its own: Home loads it only for a signed-in
 * user, so a guest's first load carries none of the account and contract code behind it.
 */
export default function HomePortfolio() {
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <PortfolioCard portfolio={usePortfolio(true)} locale={lang} />
      <LoadedSlot screen={aiEntry} pending={null} optional />
    </>
  );
}
