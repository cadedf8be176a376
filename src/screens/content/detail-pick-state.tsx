import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { PickState } from '../../components/content/paged-list';
import { paths } from '../../paths/paths';

const LISTS = {
  news: { href: paths.newsList, testId: 'news' },
  notices: { href: paths.noticeList, testId: 'notice' },
} as const;

/**
 * A news story's or a notice's screen with nothing to show: opened without an id (a link cut
 * short) or with one that names nothing. Either way the next step is its list, not a retry.
 */
export function DetailPickState({ list, missing }: { list: keyof typeof LISTS; missing: boolean }) {
  const { t } = useTranslation('content');
  const { href, testId } = LISTS[list];
  return (
    <PickState
      title={missing ? t('state.not_found_title') : t(`${list}.pick_title`)}
      body={missing ? t('state.not_found_body') : t(`${list}.pick_body`)}
      href={href}
      label={t(`${list}.pick_action`)}
      testId={`${testId}-${missing ? 'missing' : 'pick'}`}
    />
  );
}
