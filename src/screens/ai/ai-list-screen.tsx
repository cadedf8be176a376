import './namespace';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { session } from '../../state/session';
import { AI_MINE_PATH } from './ai-format';
import { RiskNotice } from './ai-parts';
import { ProductBrowser } from './product-browser';

/** /pages/ai/list (added): the AI stock products, each with its measured return. */
export default function AiListScreen() {
  const { t } = useTranslation('ai');
  const signedIn = useSnapshot(session).userToken !== '';
  return (
    <Screen className="stack-screen">
      <Navbar title={t('title')} />
      <div className="screen__body">
        <p className="ai-lead">{t('rule.label')}</p>
        {signedIn && (
          <Link href={AI_MINE_PATH} className="button button--secondary" data-testid="ai-mine-link">
            {t('list.mine')}
          </Link>
        )}
        <ProductBrowser />
        <RiskNotice />
      </div>
    </Screen>
  );
}
