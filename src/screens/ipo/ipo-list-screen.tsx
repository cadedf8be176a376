import './namespace';
import { useTranslation } from '../../i18n/hook';
import { ChannelScreen } from './channel-screen';
import { IpoBrowser } from './ipo-browser';
import { OfflineBrowser } from './offline-browser';

/**
 * /pages/stockIPO/ipoList: every IPO, by status, each leading to its detail; the offline channel
 * (`?channel=offline`) lists the institutional tranches instead (domain/ipo/offline).
 */
export default function IpoListScreen() {
  const { t } = useTranslation('ipo');
  return (
    <ChannelScreen
      title={t('list.title')}
      retail={<IpoBrowser />}
      offline={
        <>
          <p className="lead">{t('offline.lead')}</p>
          <OfflineBrowser />
        </>
      }
    />
  );
}
