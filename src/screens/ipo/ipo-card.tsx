import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Ipo } from '../../../domain/protocol/ipo';
import { prefs } from '../../state/prefs';
import { Countdown } from './countdown';
import { formatLots, lotCount } from '../../components/trade/primary-format';
import { IpoStatusBadge } from './status-badge';
import { paths } from '../../paths/paths';
import { formatTry } from '../../../domain/format/number';

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

/** A fact on an IPO card: its label, and its figure (with a test id where tests read it). */
export type CardFact = { label: string; value: string; testId?: string };

/**
 * The card an IPO is drawn as on a list, retail or institutional: who with the status, three
 * facts, then how lots are allotted (and whether I applied) beside when it next changes.
 */
export function IpoCardFrame({
  href,
  testId,
  ipo,
  badge,
  facts,
  method,
  applied,
  when,
}: {
  href: string;
  testId: string;
  ipo: { symbol: string; name: string };
  badge: ReactNode;
  facts: readonly CardFact[];
  method: string;
  applied: string | null;
  when: ReactNode;
}) {
  return (
    <li>
      <Link className="tap-card ipo-card" href={href} data-testid={testId}>
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{ipo.symbol}</span>
            <span className="ipo-card__name">{ipo.name}</span>
          </span>
          {badge}
        </span>
        <span className="ipo-card__facts">
          {facts.map((fact) => (
            <span key={fact.label} className="ipo-card__fact">
              <span className="ipo-card__label">{fact.label}</span>
              <span className="num" data-testid={fact.testId}>
                {fact.value}
              </span>
            </span>
          ))}
        </span>
        <span className="ipo-card__foot">
          <span className="ipo-card__method">
            {method}
            {applied !== null && <span className="ipo-card__applied"> · {applied}</span>}
          </span>
          {when}
        </span>
      </Link>
    </li>
  );
}

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
    <IpoCardFrame
      href={ipoHref(ipo.id, to)}
      testId={`ipo-${ipo.id}`}
      ipo={ipo}
      badge={<IpoStatusBadge status={ipo.status} testId={`ipo-${ipo.id}-status`} />}
      facts={[
        { label: t('card.price'), value: formatTry(ipo.issuePrice, lang) },
        { label: t('card.pool'), value: t('card.lots', lotCount(ipo.lotsRetail, lang)) },
        {
          label: t('card.applicants'),
          value: formatLots(ipo.applicants, lang),
          testId: `ipo-${ipo.id}-applicants`,
        },
      ]}
      method={t(ipo.method === 'lottery' ? 'card.method_lottery' : 'card.method_equal')}
      applied={ipo.applied === true ? t('card.applied') : null}
      when={<Countdown ipo={ipo} now={now} onElapsed={onElapsed} testId={`ipo-${ipo.id}-countdown`} />}
    />
  );
}
