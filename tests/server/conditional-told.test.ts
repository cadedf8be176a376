import { beforeAll, describe, expect, it } from 'vitest';
import type { PushService } from '../support/push-service';
import { dbTargets } from '../support/server';
import { trade, type conditionalApi } from './conditional-support';
import { listen, toldSuite } from './conditional-told-support';
import { expectCleanLedger, trader, type SpotWorld } from './spot-support';

/**
 * A conditional order tells its ending the user did not make — fired, refused at the trigger,
 * expired, the other leg of a pair cancelled by the fire — three ways, once: its legs' events on
 * the private `orders` channel of a real socket, a message in the message centre (in the reader's
 * language), and a Web Push to a local push service when the user's choices allow it.
 */
describe.each(dbTargets())('a conditional order tells its ending on %s', (target) => {
  const suite = toldSuite(target);
  const { holder, add, reset, adopt } = suite;
  let world: SpotWorld;
  let push: PushService;
  let cond: ReturnType<typeof conditionalApi>;
  beforeAll(() => {
    ({ world, push, cond } = suite.started());
  });

  it('fired: the leg’s event, one message and one push, however many trades cross it', async () => {
    const { me, told } = await holder('10');
    const [stop] = await add(me, { side: 'sell', kind: 'stop', trigger: '99.00' });
    world.source.emitTrades('THYAO', [
      { id: 'F1', t: world.clock.now(), price: '98.90', qty: '1', side: 'sell' },
      { id: 'F2', t: world.clock.now(), price: '98.50', qty: '1', side: 'sell' },
    ]);
    trade(world, 'THYAO', '98.00');
    const [event] = await told.endingsUntil(1);
    expect(event).toMatchObject({ id: stop!.id, state: 'fired', fired: { price: '98.9', tradeId: 'F1' } });
    const order = event!.placedOrderId;
    const [pushed, ...more] = await told.pushesUntil(1);
    expect(more).toEqual([]);
    const text = `Stop sell 10 THYAO at 99.00 triggered by a trade at 98.90 — order placed (order ${order}).`;
    expect(pushed).toEqual({
      title: 'Stop triggered: THYAO',
      body: text,
      tag: `conditional-${stop!.groupId}`,
      url: '/pages/stock/conditional',
    });
    // Beside the fill's own message ("Sell order filled"), one about the stop.
    const inbox = await told.inbox();
    expect(inbox.filter((m) => m.title.startsWith('Stop'))).toMatchObject([
      { title: 'Stop triggered: THYAO', body: text },
    ]);
    // Read in Turkish later, the same message speaks Turkish.
    expect((await told.inbox('tr-TR')).find((m) => m.title.startsWith('Stop'))).toMatchObject({
      title: 'Stop tetiklendi: THYAO',
      body: `THYAO 10 lot stop satış (tetik 99,00) emriniz 98,90 fiyatlı işlemle tetiklendi; emir verildi (emir no ${order}).`,
    });
    const aboutStop = (data: unknown) => (data as { title?: Record<string, string> }).title?.['en-US'];
    expect(
      told
        .messageEvents()
        .map(aboutStop)
        .filter((t) => t?.startsWith('Stop')),
    ).toEqual(['Stop triggered: THYAO']);
    expect(told.events().filter((e) => e.id === stop!.id && e.state !== 'pending')).toHaveLength(1);
    await expectCleanLedger(world.db);
  });

  it('refused at the trigger: the refusal’s key and figures, the reason in words, in the browser’s language', async () => {
    reset();
    const me = await trader(world.db);
    const told = await listen(world, push, me, 'tr-TR');
    adopt(told);
    const [leg] = await add(me, { side: 'buy', kind: 'stop_limit', trigger: '105.00', limit: '106.00' });
    // A new day's band (prev 80: 64–96) leaves the limit outside it when the trigger is reached.
    world.source.setTicker('THYAO', { prev: '80.00' });
    trade(world, 'THYAO', '105.00');
    const [event] = await told.endingsUntil(1);
    expect(event).toMatchObject({
      id: leg!.id,
      state: 'refused',
      reason: 'PRICE_OUTSIDE_BAND',
      reasonParams: { lower: expect.any(String), upper: expect.any(String) },
      placedOrderId: null,
      frozen: '0',
    });
    const [pushed] = await told.pushesUntil(1);
    expect(pushed!.title).toBe('Stop-limit reddedildi: THYAO');
    expect(pushed!.body).toBe(
      'THYAO 10 lot stop-limit alış (tetik 105,00, limit 106,00) emriniz 105,00 fiyatlı işlemle tetiklendi ancak emir reddedildi: Fiyat bugünkü taban ve tavan arasında olmalıdır (64,00 – 96,00). Blokeniz çözüldü.',
    );
    const [message] = await told.inbox('en-US');
    expect(message).toMatchObject({
      title: 'Stop-limit refused: THYAO',
      body: "Stop-limit buy 10 THYAO at 105.00 (limit 106.00) triggered by a trade at 105.00, but the order was refused: The price must be within today's limits (64.00 – 96.00). The hold was released.",
    });
    // The list says the same, with the figures for the screen's own text.
    const listed = (await cond.list(me)).list.find((o) => o.id === leg!.id);
    expect(listed).toMatchObject({ state: 'refused', reasonParams: event!.reasonParams });
    reset();
    await expectCleanLedger(world.db);
  });

  it('refused at the trigger for want of cash: the ask ran above the trigger the hold was taken at', async () => {
    reset();
    // Cash for the stop's hold at its trigger (1001 + 1.50 + 0.08 + 0.03) and little more.
    const me = await trader(world.db, { TRY: '1003', USDT: '0' });
    const told = await listen(world, push, me);
    adopt(told);
    const [leg] = await add(me, { side: 'buy', kind: 'stop', trigger: '100.10' });
    expect(leg!.frozen).toBe('1002.61');
    // The print reaches the trigger while the book's asks stand at 100.50: the market buy needs more.
    world.source.setBook('THYAO', 2, [['99.90', '50']], [['100.50', '50']]);
    trade(world, 'THYAO', '100.10');
    const [event] = await told.endingsUntil(1);
    expect(event).toMatchObject({ id: leg!.id, state: 'refused', reason: 'INSUFFICIENT_BALANCE' });
    const [pushed] = await told.pushesUntil(1);
    expect(pushed).toMatchObject({
      title: 'Stop refused: THYAO',
      body: 'Stop buy 10 THYAO at 100.10 triggered by a trade at 100.10, but the order was refused: Insufficient balance. The hold was released.',
    });
    expect((await told.inbox()).map((m) => m.body)).toContain(pushed!.body);
    reset();
    await expectCleanLedger(world.db);
  });

  it('expired: both legs of a pair in one message and one push, each leg’s event', async () => {
    const { me, told } = await holder('10');
    const legs = await add(me, {
      side: 'sell',
      kind: 'stop',
      trigger: '95.00',
      oco: '1',
      ocoKind: 'take_profit',
      ocoTrigger: '110.00',
      expiresAt: String(world.clock.now() + 60_000),
    });
    world.clock.advance(61_000);
    const events = await told.endingsUntil(2);
    expect(events.map((e) => [e.id, e.state, e.reason])).toEqual(
      legs.map((l) => [l.id, 'expired', 'expired']),
    );
    const [pushed, ...more] = await told.pushesUntil(1);
    expect(more).toEqual([]);
    expect(pushed).toMatchObject({
      title: 'Conditional order expired: THYAO',
      body: 'Stop sell 10 THYAO at 95.00 and Take-profit sell 10 THYAO at 110.00 expired unfilled; the hold was released.',
    });
    expect((await told.inbox('tr-TR'))[0]!.body).toBe(
      'THYAO 10 lot stop satış (tetik 95,00) ve THYAO 10 lot kâr al satış (tetik 110,00) emrinizin süresi gerçekleşmeden doldu; blokeniz çözüldü.',
    );
    await expectCleanLedger(world.db);
  });

  it('cancelled by the other leg’s fire: its event, and the fire’s message and push say so', async () => {
    const { me, told } = await holder('10');
    const [profit, stop] = await add(me, {
      side: 'sell',
      kind: 'take_profit',
      trigger: '110.00',
      limit: '110.00',
      oco: '1',
      ocoKind: 'stop',
      ocoTrigger: '95.00',
    });
    trade(world, 'THYAO', '110.00');
    const events = await told.endingsUntil(2);
    expect(events.map((e) => [e.id, e.state, e.reason])).toEqual([
      [profit!.id, 'fired', null],
      [stop!.id, 'cancelled', 'oco'],
    ]);
    const [pushed, ...more] = await told.pushesUntil(1);
    expect(more).toEqual([]);
    expect(pushed!.body).toBe(
      `Take-profit sell 10 THYAO at 110.00 (limit 110.00) triggered by a trade at 110.00 — order placed (order ${events[0]!.placedOrderId}). The other leg of the pair (Stop sell 10 THYAO at 95.00) was canceled.`,
    );
    expect((await told.inbox()).find((m) => m.title.startsWith('Take-profit'))?.body).toBe(pushed!.body);
    await expectCleanLedger(world.db);
  });
});
