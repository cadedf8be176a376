import { useSnapshot } from 'valtio';
import { prefs } from '../../state/prefs';
import { PortfolioCard } from './portfolio-figures';
import { usePortfolio } from './use-portfolio';

/**
 * Home's portfolio card with its data, as a module of its own: Home loads it only for a signed-in
 * user, so a guest's first load carries none of the account and contract code behind it.
 */
export default function HomePortfolio() {
  const { lang } = useSnapshot(prefs);
  return <PortfolioCard portfolio={usePortfolio(true)} locale={lang} />;
}
