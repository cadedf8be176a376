import '../../i18n/account';
import { useTranslation } from '../../i18n/hook';
import { z } from 'zod';
import { LinkList } from '../../components/link-list';
import { SecurityFrame } from './security-frame';
import { paths } from '../../paths/paths';

const listSchema = z.array(z.string());
type ListKey = 'privacy.device' | 'privacy.server' | 'privacy.permissions';

function Bullets({ textKey }: { textKey: ListKey }) {
  const { t } = useTranslation('account');
  const parsed = listSchema.safeParse(t(textKey, { returnObjects: true }));
  return (
    <ul className="bullet-list">
      {(parsed.success ? parsed.data : []).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** What the app keeps and why; the agreement itself is ticked at registration (SPEC §5). */
export default function PrivacyScreen() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  return (
    <SecurityFrame title={t('privacy.title')}>
      <div className="screen__body">
        <p className="lead">{t('privacy.lead')}</p>
        <section className="account-card">
          <h2 className="section-title">{t('privacy.device_title')}</h2>
          <Bullets textKey="privacy.device" />
        </section>
        <section className="account-card">
          <h2 className="section-title">{t('privacy.server_title')}</h2>
          <Bullets textKey="privacy.server" />
        </section>
        <section className="account-card">
          <h2 className="section-title">{t('privacy.permissions_title')}</h2>
          <Bullets textKey="privacy.permissions" />
        </section>
        <LinkList
          label={t('privacy.links')}
          items={[
            {
              href: paths.privacyPolicy,
              label: tc('screen.privacyPolicy'),
              testId: 'privacy-policy-link',
            },
            {
              href: paths.disclaimer,
              label: tc('screen.disclaimer'),
              testId: 'privacy-disclaimer-link',
            },
          ]}
        />
      </div>
    </SecurityFrame>
  );
}
