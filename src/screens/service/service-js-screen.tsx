import './namespace';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { appConfig } from '../../state/app-config';
import { NoScript, ScriptChat } from './script-chat';

/**
 * /pages/user/serviceJs and /pages/common/serviceJs: the on-demand chat-script variant. Without a
 * configured script they say so and link to the built-in chat of the same area.
 */
export default function ServiceJsScreen() {
  const { t } = useTranslation('service');
  const [path] = useLocation();
  const { serviceSaleSmartly } = useSnapshot(appConfig);
  const builtIn = path.replace(/serviceJs$/, 'service');
  return (
    <Screen className="service-screen">
      <Navbar title={t('script.title')} />
      <div className="screen__body">
        {serviceSaleSmartly !== '' ? (
          <ScriptChat url={serviceSaleSmartly} builtInPath={builtIn} />
        ) : (
          <NoScript builtInPath={builtIn} />
        )}
      </div>
    </Screen>
  );
}
