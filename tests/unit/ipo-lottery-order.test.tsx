// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IpoDetail } from '../../domain/protocol/ipo';
import '../../src/i18n/setup';
import IpoDetailScreen from '../../src/screens/ipo/ipo-detail-screen';
import IpoOrderScreen from '../../src/screens/ipo/ipo-order-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, application, assets, detail, lotteryDetail, ok, profile, renderAt } from './ipo-fixtures';
import { formBody, orderTestServer } from './order-fixtures';

/**
 * A lottery IPO allots whole tickets: the order form refuses lots that are not a multiple of the
 * ticket before the password is asked for (the server's rule, domain/ipo/apply), and says so up front.
 */
let answer: IpoDetail = lotteryDetail();
let sent: Record<string, string>[] = [];

orderTestServer(
  [
    http.get(`${API}/stock/index/new/info`, () => ok(answer)),
    http.post(`${API}/user/assets`, () => ok(assets('1000000'))),
    http.post(`${API}/user/info`, () => ok(profile())),
    http.post(`${API}/stock/order/new/apply`, async ({ request }) => {
      const body = await formBody(request);
      sent.push(body);
      return ok(application('31', { lots: body.lots ?? '0' }));
    }),
  ],
  () => {
    answer = lotteryDetail();
    sent = [];
  },
);

const type = (value: string) =>
  fireEvent.change(screen.getByTestId('order-lots-input'), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('order-submit'));
const error = () => screen.queryByTestId('order-lots-input-error')?.textContent ?? null;

async function openForm(id = '3') {
  renderAt(`/pages/stockIPO/ipoOrder?id=${id}`, IpoOrderScreen);
  await screen.findByTestId('order-lots-input');
}

describe('lottery IPO application lots', () => {
  it('says lots go in whole tickets and refuses 15 lots of a 10-lot ticket before the password', async () => {
    await openForm();
    expect(screen.getByText(/10 lotun katları halinde/)).toBeTruthy();
    type('15');
    submit();
    expect(error()).toBe(
      'Bu halka arzın kurasında her 10 lot bir kura hakkıdır: 10 lotun katları halinde talep edin.',
    );
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    type('20');
    submit();
    expect(await screen.findByTestId('order-confirm')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says the same in English', async () => {
    setLanguage('en-US');
    await openForm();
    expect(screen.getByText(/in multiples of 10 \(one lottery ticket each\)/)).toBeTruthy();
    type('15');
    submit();
    expect(error()).toBe(
      "In this IPO's lottery every 10 lots make one ticket: apply in multiples of 10 lots.",
    );
  });

  it('takes any lot count for equal distribution', async () => {
    answer = detail({ maxLots: '500' });
    await openForm('2');
    type('15');
    submit();
    expect(error()).toBeNull();
    expect(await screen.findByTestId('order-confirm')).toBeTruthy();
  });

  it('shows the limits in whole tickets on the prospectus', async () => {
    answer = lotteryDetail({ minLots: '5', maxLots: '10005' });
    renderAt('/pages/stockIPO/ipoDetail?id=3', IpoDetailScreen);
    expect((await screen.findByTestId('ipo-limits')).textContent).toBe('10–10.000 lot, 10 lotun katları');
  });
});
