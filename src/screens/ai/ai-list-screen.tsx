import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { session } from '../../state/session';
import { AI_MINE_PATH } from './ai-format';
import { RiskNotice } from './ai-parts';
import { ProductBrowser } from './product-browser';
import { ButtonLink } from '../../components/button';

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
          <ButtonLink look="secondary" href={AI_MINE_PATH} testId="ai-mine-link">
            {t('list.mine')}
          </ButtonLink>
        )}
        <ProductBrowser />
        <RiskNotice />
      </div>
    </Screen>
  );
}
