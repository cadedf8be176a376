import Decimal from 'decimal.js';
import './namespace';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { formatDateTime } from '../../../domain/format/date';
import type { RobotFill, RobotOrder } from '../../../domain/protocol/robots';
import { robotEndpoints } from '../../../domain/protocol/endpoints/robots';
import { call } from '../../api/call';
import { NotReady } from './not-ready';
import { useLiveData } from '../../components/content/use-live-data';
import { useRecordChanges } from '../../market/use-record-changes';
import { FormAlert } from '../../components/form/submit-button';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { PasswordConfirmSheet } from '../../components/trade/confirm-sheet';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { coinQty, idFromSearch, ROBOT_MINE_PATH, share, signedUsdt, usdt } from './format';
import { OrderBadge } from './parts';
import { OrderBrowser } from './order-browser';
import { toneOf } from '../../components/tone';
import { SubjectHead } from '../../components/trade/subject-head';
import { Button } from '../../components/button';

function Figures({ order }: { order: RobotOrder }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  const running = order.status === 'running';
  const rows: FigureRow[] = [
    { label: t('order.capital'), value: usdt(order.capital, lang), testId: 'order-capital' },
    {
      label: running ? t('order.value') : t('order.returned'),
      value: usdt(order.value, lang),
      testId: 'order-value',
    },
    {
      label: t('order.pnl'),
      value: `${signedUsdt(order.pnl, lang)} (${share(order.pnlRate, lang, true)})`,
      tone: toneOf(order.pnl),
      testId: 'order-pnl',
    },
    { label: t('order.cash'), value: usdt(order.cash, lang) },
    {
      label: t('order.holding'),
      value: `${coinQty(order.qty, lang)}\u00a0${order.symbol.replace(/USDT$/, '')}`,
    },
    { label: t('order.fees'), value: usdt(order.fees, lang) },
    {
      // A run recorded before runs were marked, whose bars are gone, says its fall is its fills'.
      label: t(order.drawdownFrom === 'fills' ? 'order.drawdown_fills' : 'order.drawdown'),
      value: share(order.maxDrawdown, lang),
      testId: 'order-drawdown',
    },
    { label: t('order.trades'), value: String(order.trades), testId: 'order-trades' },
    { label: t('order.started'), value: formatDateTime(order.startedAt, lang) },
    { label: t('order.ends'), value: formatDateTime(order.endsAt, lang) },
  ];
  if (running)
    rows.push({ label: t('order.days_left'), value: String(order.daysLeft), testId: 'order-days-left' });
  else
    rows.push(
      { label: t('order.closed'), value: formatDateTime(order.closedAt, lang) },
      { label: t('order.result'), value: signedUsdt(order.result, lang), tone: toneOf(order.result) },
      { label: t('order.tax'), value: usdt(order.tax, lang) },
      { label: t('order.penalty'), value: usdt(order.penalty, lang) },
    );
  return <FigureRows rows={rows} testId="robot-order-figures" />;
}

function FillRow({ fill, base }: { fill: RobotFill; base: string }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  return (
    <li>
      <div className="robot-fill__head">
        <span className={`robot-fill__side--${fill.side}`}>{t(`order.${fill.side}`)}</span>
        <span className="num">{formatDateTime(fill.t, lang)}</span>
      </div>
      <FigureRows
        rows={[
          { label: `${coinQty(fill.qty, lang)} ${base} @`, value: usdt(fill.price, lang) },
          { label: t('order.fees'), value: usdt(fill.fee, lang) },
          ...(fill.realized === null
            ? []
            : [
                {
                  label: t('order.realized'),
                  value: signedUsdt(fill.realized, lang),
                  tone: toneOf(fill.realized),
                },
              ]),
        ]}
      />
    </li>
  );
}

function StopAction({ order, onStopped }: { order: RobotOrder; onStopped: () => void }) {
  const { t } = useTranslation('robot');
  const { lang } = useSnapshot(prefs);
  const sheet = usePasswordConfirm({ onDone: onStopped, onRefused: onStopped });
  const penalty = usdt(new Decimal(order.capital).times(order.penaltyRate).toFixed(), lang);
  return (
    <>
      <FormAlert message={sheet.formError} testId="robot-stop-error" />
      <Button onClick={sheet.show} testId="robot-stop">
        {t('order.stop')}
      </Button>
      {sheet.open && (
        <PasswordConfirmSheet
          title={t('order.stop_title')}
          rows={[
            { label: t('order.capital'), value: usdt(order.capital, lang) },
            { label: t('order.value'), value: usdt(order.value, lang) },
          ]}
          costs={
            <p className="notice-card" data-testid="robot-stop-note">
              {t('order.stop_note', {
                tax: share(order.taxRate, lang, false, 0),
                penalty: share(order.penaltyRate, lang),
                amount: penalty,
              })}
            </p>
          }
          password={{ label: t('buy.password_label'), hint: t('order.stop_password_hint') }}
          tone="sell"
          confirmLabel={t('order.stop_confirm')}
          sheet={sheet}
          onConfirm={(pin) =>
            void sheet.send(() =>
              call(
                robotEndpoints.buy,
                { action: 'stop', id: order.id, tradePassword: pin },
                { silent: true },
              ),
            )
          }
          testId="robot-stop-confirm"
        />
      )}
    </>
  );
}

const ROBOT_RECORDS = ['robot'] as const;

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('robot');
  const load = useCallback(() => call(robotEndpoints.orderInfo, { id }, { silent: true }), [id]);
  const info = useLiveData(`robot-order-${id}`, load);
  // The order's end (its term, a stop from another device) is read at once, whole: the result,
  // the withholding and the penalty come with the status, and the stop button goes with it.
  useRecordChanges(ROBOT_RECORDS, info.refresh);
  // An order that is not this user's (or no longer exists) leads to their robots, not a retry.
  if (info.status !== 'ready')
    return <NotReady live={info} rows={6} back={{ href: ROBOT_MINE_PATH, label: t('list.mine') }} />;
  const { order, fills } = info.data;
  const base = order.symbol.replace(/USDT$/, '');
  const reload = info.refresh;
  return (
    <div className="ipo-stack" data-testid="robot-order">
      <SubjectHead symbol={t('level', { level: order.level })} name={t(`strategy.${order.strategy}.name`)}>
        <OrderBadge status={order.status} testId="robot-order-status" />
      </SubjectHead>
      <Figures order={order} />
      {order.status === 'running' && order.drawdownFrom === 'bars' && (
        <p className="hint">{t('order.value_note')}</p>
      )}
      {order.drawdownFrom === 'fills' && (
        <p className="hint" data-testid="order-fills-note">
          {t('order.fills_note')}
        </p>
      )}
      <section className="ipo-block" aria-label={t('order.fills')}>
        <h2 className="section-title">{t('order.fills')}</h2>
        {fills.length === 0 ? (
          <p className="hint">{t('order.no_fills')}</p>
        ) : (
          <ul className="robot-fills" data-testid="robot-fills">
            {fills.map((fill, i) => (
              <FillRow key={`${fill.t}-${i}`} fill={fill} base={base} />
            ))}
          </ul>
        )}
      </section>
      {order.status === 'running' && <StopAction order={order} onStopped={reload} />}
    </div>
  );
}

/** /pages/robot/orderDetail?id=: one robot order, its figures and trades; without an id, the orders. */
export default function RobotOrderScreen() {
  const { t } = useTranslation('robot');
  const id = idFromSearch(useSearch());
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('order.title')} />
      <div className="screen__body">
        {id === null ? (
          <div className="ipo-stack" data-testid="robot-order-chooser">
            <p className="lead">{t('order.choose')}</p>
            <OrderBrowser empty={t('record.empty')} browse />
          </div>
        ) : (
          <OrderBody key={id} id={id} />
        )}
      </div>
    </Screen>
  );
}
