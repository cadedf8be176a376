import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { z } from 'zod';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';

const sectionsSchema = z.array(z.object({ title: z.string(), body: z.string() }));
const stepsSchema = z.array(z.string());

type SectionsKey = 'legal.companyIntroduction' | 'legal.privacyPolicy' | 'legal.disclaimer';
type StepsKey = 'install.ios.steps' | 'install.android.steps';
type LegalTitle = 'screen.companyIntroduction' | 'screen.privacyPolicy' | 'screen.disclaimer';

/** Titled paragraphs from a locale array; a malformed entry shows nothing rather than a key. */
export function Sections({ textKey }: { textKey: SectionsKey }) {
  const { t } = useTranslation();
  const parsed = sectionsSchema.safeParse(t(textKey, { returnObjects: true }));
  const sections = parsed.success ? parsed.data : [];
  return (
    <div className="sections">
      {sections.map((section) => (
        <section key={section.title} className="sections__item">
          <h2 className="sections__title">{section.title}</h2>
          <p className="sections__body">{section.body}</p>
        </section>
      ))}
    </div>
  );
}

export function Steps({ textKey }: { textKey: StepsKey }) {
  const { t } = useTranslation();
  const parsed = stepsSchema.safeParse(t(textKey, { returnObjects: true }));
  const steps = parsed.success ? parsed.data : [];
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={step} className="steps__item">
          <span className="steps__number num" aria-hidden="true">
            {index + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** A legal or company text: its title over its titled paragraphs. */
export function LegalScreen({ title, textKey }: { title: LegalTitle; textKey: SectionsKey }) {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t(title)} />
      <article className="screen__body">
        <Sections textKey={textKey} />
      </article>
    </Screen>
  );
}

/** How to install the app on one platform: its numbered steps and a note. */
export function InstallScreen({ platform }: { platform: 'ios' | 'android' }) {
  const { t } = useTranslation();
  return (
    <Screen>
      <Navbar title={t(platform === 'ios' ? 'screen.iosAPP' : 'screen.androidAPP')} />
      <div className="screen__body">
        <h2 className="section-title">{t(`install.${platform}.title`)}</h2>
        <Steps textKey={`install.${platform}.steps`} />
        <p className="hint">{t(`install.${platform}.note`)}</p>
      </div>
    </Screen>
  );
}
