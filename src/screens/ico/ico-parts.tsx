import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { CommitmentStatus, Ico, IcoStatusWire } from '../../../domain/protocol/ico';
import { prefs } from '../../state/prefs';
import { formatTokens, formatUsdt, icoHref, ICO_DETAIL_PATH, timeLeft } from './ico-format';

export function IcoStatusBadge({ status, testId }: { status: IcoStatusWire; testId?: string }) {
  const { t } = useTranslation('ico');
  return (
    <span className={`ipo-badge ipo-badge--${status}`} data-status={status} data-testid={testId}>
      {t(`status.${status}`)}
    </span>
  );
}

const TONE: Record<CommitmentStatus, 'wait' | 'good' | 'bad'> = {
  committed: 'wait',
  allocated: 'wait',
  completed: 'good',
  refunded: 'bad',
};

export function CommitmentBadge({ status, testId }: { status: CommitmentStatus; testId?: string }) {
  const { t } = useTranslation('ico');
  return (
    <span className={`ipo-badge ipo-badge--${TONE[status]}`} data-status={status} data-testid={testId}>
      {t(`commit_status.${status}`)}
    </span>
  );
}

/**
 * The time to the sale's next status change; when it runs out the screen is asked once to read
 * again, since only the server knows what changed (an early close, the allocation).
 */
export function IcoCountdown({
  ico,
  now,
  onElapsed,
  testId,
}: {
  ico: Ico;
  now: number;
  onElapsed?: (() => void) | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('ico');
  const left = timeLeft(ico.countdownUntil, now);
  const elapsed = ico.countdownUntil !== null && left === null;
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!elapsed || asked.current === ico.countdownUntil) return;
    asked.current = ico.countdownUntil;
    onElapsed?.();
  }, [elapsed, ico.countdownUntil, onElapsed]);
  if (ico.status === 'listed' || ico.countdownUntil === null) return null;
  const value =
    left === null
      ? t('countdown.updating')
      : left.days > 0
        ? t('countdown.with_days', { days: left.days, clock: left.clock })
        : left.clock;
  return (
    <span className="ipo-countdown" data-testid={testId}>
      <span className="ipo-countdown__label">{t(`countdown.${ico.status}`)}</span>{' '}
      <span className="ipo-countdown__value num" role="timer">
        {value}
      </span>
    </span>
  );
}

/** One sale as a card: which token, at what price, how much is committed, and the countdown. */
export function IcoCard({
  ico,
  now,
  onElapsed,
  to = ICO_DETAIL_PATH,
}: {
  ico: Ico;
  now: number;
  onElapsed?: () => void;
  to?: string;
}) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  const mine = ico.myCommitted !== null && ico.myCommitted !== '0' ? ico.myCommitted : null;
  return (
    <li>
      <Link className="tap-card ipo-card" href={icoHref(ico.id, to)} data-testid={`ico-${ico.id}`}>
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{ico.token}</span>
            <span className="ipo-card__name">{ico.name}</span>
          </span>
          <IcoStatusBadge status={ico.status} testId={`ico-${ico.id}-status`} />
        </span>
        <span className="ipo-card__facts">
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.price')}</span>
            <span className="num">{formatUsdt(ico.tokenPrice, lang)}</span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.offered')}</span>
            <span className="num" data-testid={`ico-${ico.id}-offered`}>
              {formatTokens(ico.tokensOffered, ico.tokenScale, lang, ico.token)}
            </span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.committed')}</span>
            <span className="num" data-testid={`ico-${ico.id}-committed`}>
              {formatUsdt(ico.totalCommitted, lang)}
            </span>
          </span>
        </span>
        <span className="ipo-card__foot">
          <span className="ipo-card__method">
            {mine ? t('card.mine', { amount: formatUsdt(mine, lang) }) : ''}
          </span>
          <IcoCountdown ico={ico} now={now} onElapsed={onElapsed} testId={`ico-${ico.id}-countdown`} />
        </span>
      </Link>
    </li>
  );
}
