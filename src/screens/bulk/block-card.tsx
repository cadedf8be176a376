import Decimal from 'decimal.js';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatPercent, formatTry } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import type { Block, BlockStatus } from '../../../domain/protocol/bulk';
import { formatLots, lotCount } from '../../components/trade/primary-format';
import { prefs } from '../../state/prefs';
import { blockHref } from './paths';

const TONE: Record<BlockStatus, string> = {
  open: 'good',
  upcoming: 'upcoming',
  sold_out: 'listed',
  closed: 'listed',
};

export function BlockStatusBadge({ status, testId }: { status: BlockStatus; testId?: string }) {
  const { t } = useTranslation('bulk');
  return (
    <span className={`ipo-badge ipo-badge--${TONE[status]}`} data-status={status} data-testid={testId}>
      {t(`status.${status}`)}
    </span>
  );
}

/** "0.05" → "%5" / "5%": the disclosed discount, as the locale writes percentages. */
export function discountText(discount: string, lang: Locale): string {
  return formatPercent(new Decimal(discount).times(100).toFixed(), lang, { signed: false });
}

/** One block as a two-line card: which stock, how far off, how much is left, how long it locks. */
/** `member`: the user is a VIP member, so a VIP-only block is open to them. */
export function BlockCard({ block, to, member = false }: { block: Block; to?: string; member?: boolean }) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  return (
    <li>
      <Link className="tap-card ipo-card" href={blockHref(block.id, to)} data-testid={`block-${block.id}`}>
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{block.symbol}</span>
            <span className="ipo-card__name">{block.name}</span>
          </span>
          <span className="bulk-card__badges">
            {block.vipOnly && (
              <span
                className={member ? 'ipo-badge ipo-badge--good' : 'ipo-badge ipo-badge--wait'}
                data-testid={`block-${block.id}-vip`}
              >
                {member ? t('card.vip_member') : t('card.vip')}
              </span>
            )}
            <BlockStatusBadge status={block.status} testId={`block-${block.id}-status`} />
          </span>
        </span>
        <span className="ipo-card__facts">
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.discount')}</span>
            <span className="num">{discountText(block.discount, lang)}</span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.price')}</span>
            <span className="num" data-testid={`block-${block.id}-price`}>
              {formatTry(block.price, lang)}
            </span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.remaining')}</span>
            <span className="num" data-testid={`block-${block.id}-remaining`}>
              {t('card.lots', lotCount(block.lotsRemaining, lang))}
            </span>
          </span>
          <span className="ipo-card__fact">
            <span className="ipo-card__label">{t('card.lockup')}</span>
            <span className="num">
              {t('card.days', { days: formatLots(block.lockupDays, lang), count: Number(block.lockupDays) })}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}
