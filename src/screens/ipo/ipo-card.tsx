import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Ipo } from '../../../domain/protocol/ipo';
import { prefs } from '../../state/prefs';
import { Countdown } from './countdown';
import { formatLots, lotCount, formatTry } from '../../components/trade/primary-format';
import { IpoStatusBadge } from './status-badge';
import { paths } from '../../routes/paths';

export const DETAIL_PATH = paths.ipoDetail;
export const ORDER_PATH = paths.ipoOrder;
export const RECORD_PATH = paths.ipoRecord;
export const APPLICATIONS_PATH = paths.ipoApplications;
export const IPO_LIST_PATH = paths.ipoList;
/** The IPO list on its institutional channel, and my applications there. */
export const OFFLINE_LIST_PATH = `${IPO_LIST_PATH}?channel=offline`;
export const OFFLINE_APPLICATIONS_PATH = `${APPLICATIONS_PATH}?channel=offline`;

/** Where a tap on an IPO leads: its detail, or another screen given the IPO's id (a chooser). */
export const ipoHref = (id: string, to: string = DETAIL_PATH) => `${to}?id=${encodeURIComponent(id)}`;

/** One IPO as a two-line card (DESIGN.md): who, at what price, how far along, and the countdown. */
export function IpoCard({
  ipo,
  now,
  onElapsed,
  to = DETAIL_PATH,
}: {
  ipo: Ipo;
  now: number;
  onElapsed?: () => void;
  to?: string;
}) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  return (
    <li>
      <Link className="ipo-card" href={ipoHref(ipo.id, to)} data-testid={`ipo-${ipo.id}`}>
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{ipo.symbol}</span>
            <span className="ipo-card__name">{ipo.name}</span>
          </span>
          <IpoStatusBadge status={ipo.status} testId={`ipo-${ipo.id}-status`} />
        </span>
        <span className="ipo-card__facts">
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.price')}</span>
            <span className="num">{formatTry(ipo.issuePrice, lang)}</span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.pool')}</span>
            <span className="num">{t('card.lots', lotCount(ipo.lotsRetail, lang))}</span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.applicants')}</span>
            <span className="num" data-testid={`ipo-${ipo.id}-applicants`}>
              {formatLots(ipo.applicants, lang)}
            </span>
          </span>
        </span>
        <span className="ipo-card__foot">
          <span className="ipo-card__method">
            {t(ipo.method === 'lottery' ? 'card.method_lottery' : 'card.method_equal')}
            {ipo.applied === true && <span className="ipo-card__applied"> · {t('card.applied')}</span>}
          </span>
          <Countdown ipo={ipo} now={now} onElapsed={onElapsed} testId={`ipo-${ipo.id}-countdown`} />
        </span>
      </Link>
    </li>
  );
}
