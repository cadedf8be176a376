import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { TitledScreen } from '../../components/screen';
import { appConfig } from '../../state/app-config';
import { BuiltInChat } from './built-in-chat';
import { NoScript, ScriptChat } from './script-chat';

/**
 * Customer service, one chunk for its four routes. The user and common
 * service paths: the chat script `/common/config` names, loaded here on demand, or else
 * the built-in chat. `…/serviceJs`: the on-demand script variant; without a configured script it
 * says so and links to the built-in chat of the same area. All are account screens (DECISIONS §3):
 * a conversation belongs to a signed-in user.
 */
export default function ServiceScreen() {
  const { t } = useTranslation('service');
  const [path] = useLocation();
  const { serviceSaleSmartly } = useSnapshot(appConfig);
  const scriptRoute = /serviceJs\/?$/.test(path);
  const builtIn = path.replace(/serviceJs\/?$/, 'service');
  let body;
  if (serviceSaleSmartly !== '')
    body = (
      <ScriptChat
        url={serviceSaleSmartly}
        builtInPath={builtIn}
        fallback={scriptRoute ? undefined : <BuiltInChat />}
      />
    );
  else body = scriptRoute ? <NoScript builtInPath={builtIn} /> : <BuiltInChat />;
  return (
    <TitledScreen className="service-screen" title={scriptRoute ? t('script.title') : t('title')}>
      {body}
    </TitledScreen>
  );
}
