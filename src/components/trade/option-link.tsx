import './options-texts';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../button';

/** The options screen; shared by the stock screen and the position page's option tab. */
const OPTION_PATH = paths.option;

/** A stock's way into its options: a whole-width row like the chart's, in the instrument screen. */
export function OptionLink({ symbol }: { symbol: string }) {
  const { t } = useTranslation('options');
  return (
    <Link
      href={`${OPTION_PATH}?symbol=${encodeURIComponent(symbol)}`}
      className="kline-link card option-link"
      data-testid="open-options"
    >
      <span className="option-link__badge" aria-hidden="true">
        C/P
      </span>
      <span className="kline-link__text">
        <strong>{t('entry.button')}</strong>
        <span>{t('entry.hint')}</span>
      </span>
      <span aria-hidden="true" className="kline-link__chevron">
        ›
      </span>
    </Link>
  );
}

/** The position page's option tab: the positions live on the options screen. */
export function OptionPositionsEntry() {
  const { t } = useTranslation('options');
  return (
    <div className="state-message" data-testid="position-options">
      <p className="state-message__title">{t('entry.tab_title')}</p>
      <p className="state-message__body">{t('entry.tab_body')}</p>
      <ButtonLink href={`${OPTION_PATH}?tab=positions`} testId="position-open-options">
        {t('entry.tab_open')}
      </ButtonLink>
    </div>
  );
}
