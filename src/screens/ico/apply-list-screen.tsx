import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import { COMMITMENT_STATUSES, type IcoCommitment } from '../../../domain/protocol/ico';
import { icoEndpoints } from '../../../domain/protocol/endpoints/ico';
import { call } from '../../api/call';
import { PagedList, PickState } from '../../components/content/paged-list';
import { useLiveRecords } from '../../components/content/use-live-records';
import { usePaged } from '../../components/content/use-paged';
import { FigureRows } from '../../components/trade/figure-rows';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { prefs } from '../../state/prefs';
import { formatTokens, formatUsdt, icoHref, ICO_LIST_PATH } from './ico-format';
import { CommitmentBadge } from './ico-parts';
import { PullToRefresh } from '../../components/pull/pull-to-refresh';

/** Token decimals are not on the commitment: show what the figure has, up to 18. */
const TOKEN_DECIMALS = 18;

function CommitmentRow({ c }: { c: IcoCommitment }) {
  const { t } = useTranslation('ico');
  const { lang } = useSnapshot(prefs);
  const allocated = c.allocatedAt !== null;
  return (
    <li>
      <Link className="tap-card ipo-card" href={icoHref(c.icoId)} data-testid={`commitment-${c.id}`}>
        <span className="ipo-card__head">
          <span className="ipo-card__who">
            <span className="ipo-card__symbol">{c.token}</span>
            <span className="ipo-card__name">{c.name}</span>
          </span>
          <CommitmentBadge status={c.status} testId={`commitment-${c.id}-status`} />
        </span>
        <FigureRows
          rows={[
            {
              label: t('mine.committed'),
              value: formatUsdt(c.committed, lang),
              testId: `commitment-${c.id}-committed`,
            },
            {
              label: t('mine.spent'),
              value: allocated ? formatUsdt(c.spent, lang) : t('mine.pending'),
              testId: `commitment-${c.id}-spent`,
            },
            {
              label: t('mine.refunded'),
              value: c.refundedAt !== null ? formatUsdt(c.refunded, lang) : t('mine.pending'),
              testId: `commitment-${c.id}-refunded`,
            },
            {
              label: t('mine.tokens'),
              value:
                c.tokens === null ? t('mine.pending') : formatTokens(c.tokens, TOKEN_DECIMALS, lang, c.token),
              testId: `commitment-${c.id}-tokens`,
            },
            { label: t('mine.at'), value: formatDateTime(c.committedAt, lang) },
          ]}
        />
      </Link>
    </li>
  );
}

const ICO_RECORDS = ['ico'] as const;

/** /pages/coinICO/applyList: the account's commitments: committed, spent, refunded, tokens, status. */
export default function ApplyListScreen() {
  const { t } = useTranslation('ico');
  const paged = usePaged('ico-commitments', (page, size) =>
    call(icoEndpoints.commitments, { page, size }, { silent: true }),
  );
  useLiveRecords(paged, ICO_RECORDS, COMMITMENT_STATUSES);
  const body = (
    <PagedList
      paged={paged}
      empty={
        <PickState
          title={t('mine.empty')}
          href={ICO_LIST_PATH}
          label={t('mine.browse')}
          testId="commitments-browse"
          secondary
        />
      }
      look="ipo"
      testId="commitment-list"
      moreLabel={t('list.more')}
    >
      {(c) => <CommitmentRow key={c.id} c={c} />}
    </PagedList>
  );
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('mine.title')} />
      <div className="screen__body">
        <PullToRefresh onRefresh={() => paged.refresh({ keepMore: true })}>
          <div className="ipo-stack">{body}</div>
        </PullToRefresh>
      </div>
    </Screen>
  );
}
