import './namespace';
import { useTranslation } from '../../i18n/hook';
import { ApplicationList } from './application-list';
import { ChannelScreen } from './channel-screen';
import { OfflineApplicationList } from './offline-applications';

/**
 * /pages/stockIPO/list: my IPO applications with SPEC §4's statuses; the offline channel
 * (`?channel=offline`, where an institutional application's result leads) lists those instead.
 */
export default function ApplicationsScreen() {
  const { t } = useTranslation('ipo');
  return (
    <ChannelScreen
      title={t('applications.title')}
      retail={<ApplicationList />}
      offline={<OfflineApplicationList />}
    />
  );
}
