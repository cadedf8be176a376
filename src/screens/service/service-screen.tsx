import './namespace';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { appConfig } from '../../state/app-config';
import { BuiltInChat } from './built-in-chat';
import { ScriptChat } from './script-chat';

/**
 * /pages/user/service and /pages/common/service: customer service (issue 17). When
 * `/common/config` names a chat script it is loaded here, on demand; otherwise the built-in chat.
 * Account screens (DECISIONS §3): a conversation belongs to a signed-in user.
 */
export default function ServiceScreen() {
  const { t } = useTranslation('service');
  const [path] = useLocation();
  const { serviceSaleSmartly } = useSnapshot(appConfig);
  return (
    <Screen className="service-screen">
      <Navbar title={t('title')} />
      <div className="screen__body">
        {serviceSaleSmartly !== '' ? (
          <ScriptChat url={serviceSaleSmartly} builtInPath={path} fallback={<BuiltInChat />} />
        ) : (
          <BuiltInChat />
        )}
      </div>
    </Screen>
  );
}
