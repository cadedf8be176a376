import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screen, screenshot, type Phone } from '../support/browser';
import { verifiedIdentity } from '../support/browser-kyc';
import { png } from '../server/kyc-support';
import { callApi, signedInPhone, signInAs, type CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';

// In Chromium: a funded user with a trade password reads the loan terms and the full
// schedule, applies; staff change the amount through the CLI; the user accepts the new terms, the
// money arrives in the stock account, the user repays and staff approve the repayment.
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '135790';

type Balance = { wallet: string; currency: string; available: string; frozen: string };
type Loan = { id: string; status: string; owed: string; interestAccrued: string; repaid: string };

const stock = async () => {
  const assets = (await callApi(base, me.user.userToken, '/user/assets', {})) as { balances: Balance[] };
  const b = assets.balances.find((x) => x.wallet === 'stock' && x.currency === 'TRY')!;
  return { available: Number(b.available), frozen: Number(b.frozen) };
};
const loans = async (): Promise<Loan[]> =>
  ((await callApi(base, me.user.userToken, '/user/loan/order/list', {}, 'GET')) as { list: Loan[] }).list;

const me = signedInPhone({
  // A loan is lent to a verified investor only.
  create: ['--kyc', 'approved', '--name', 'Ayşe Yılmaz'],
  fund: ['5000', '--reason', 'loan browser test'],
  passwords: { trade: PIN },
});

describe('a loan in Chromium: terms and schedule, apply, a changed amount accepted, repaid', () => {
  it('shows the schedule before applying and takes the application', async () => {
    const { page } = me.phone;
    await page.goto(`${base}/pages/user/loan`);
    await screen(page, '/pages/user/loan');
    await page.getByTestId('loan-terms').waitFor();
    await page.getByTestId('loan-amount').fill('20000');
    await page.getByTestId('loan-days-30').click();
    // 20,000 × 0.05% = 10.00 a day; 30 days 300.00; total 20,300.00
    await expect.poll(() => page.getByTestId('schedule-total').textContent()).toContain('20.300,00');
    expect(await page.getByTestId('schedule-interest').textContent()).toContain('300,00');
    // The penalty past the due date is in the schedule before applying: +0.05% a day, 10.00 a day.
    expect(await page.getByTestId('schedule-penalty-rate').textContent()).toBe('+ günlük %0,05');
    expect(await page.getByTestId('schedule-penalty-daily').textContent()).toContain('10,00');
    await screenshot(page, 'loan-apply-tr-TR');
    await page.getByTestId('loan-schedule').scrollIntoViewIfNeeded();
    await screenshot(page, 'loan-schedule-tr-TR');
    await page.getByTestId('loan-apply').click();
    const sheet = page.getByTestId('loan-apply-confirm');
    await sheet.waitFor();
    await sheet.getByTestId('loan-apply-confirm-password').fill(PIN);
    await screenshot(page, 'loan-apply-confirm-tr-TR');
    await sheet.getByTestId('loan-apply-confirm-submit').click();
    await page.getByTestId('loan-notice').waitFor();
    const [loan] = await loans();
    expect(loan).toMatchObject({ status: 'review' });
    await page.getByTestId(`loan-${loan!.id}`).waitFor();
    await screenshot(page, 'loan-review-tr-TR');
  });

  it('staff offer 10,000; the user accepts with the trade password and is paid out', async () => {
    const { page } = me.phone;
    const [loan] = await loans();
    await operator(['loan', 'approve', loan!.id, '--amount', '10000'], cli);
    await page.goto(`${base}/pages/user/loan?tab=mine`);
    const card = page.getByTestId(`loan-${loan!.id}`);
    await card.getByTestId('loan-accept').waitFor();
    await screenshot(page, 'loan-offered-tr-TR');
    const before = await stock();
    await card.getByTestId('loan-accept').click();
    const sheet = page.getByTestId('loan-accept-confirm');
    await sheet.getByTestId('loan-accept-confirm-password').fill(PIN);
    await screenshot(page, 'loan-accept-confirm-tr-TR');
    await sheet.getByTestId('loan-accept-confirm-submit').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('active');
    expect((await stock()).available - before.available).toBeCloseTo(10000, 2);
    await screenshot(page, 'loan-active-tr-TR');
  });

  it('pays it off; held until staff approve, then repaid with the interest of the time it was out', async () => {
    const { page } = me.phone;
    const [loan] = await loans();
    const card = page.getByTestId(`loan-${loan!.id}`);
    // Interest accrues from the first moment: a started kuruş at least.
    expect(Number(loan!.interestAccrued)).toBeGreaterThanOrEqual(0.01);
    await card.getByTestId('loan-statement').locator('summary').click();
    await card.getByTestId('loan-statement-loan_disburse').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'loan-detail-tr-TR');
    await card.getByTestId('loan-payoff').click();
    const sheet = page.getByTestId('loan-repay-confirm');
    await sheet.getByTestId('loan-repay-confirm-password').fill(PIN);
    await sheet.getByTestId('loan-repay-confirm-submit').click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('repaying');
    const [held] = await loans();
    expect((await stock()).frozen).toBeCloseTo(Number(held!.owed), 2);
    await screenshot(page, 'loan-repaying-tr-TR');
    await operator(['loan', 'repayment', 'approve', loan!.id], cli);
    await page.reload();
    await expect.poll(() => card.getAttribute('data-status')).toBe('repaid');
    const [repaid] = await loans();
    // What it cost is the interest charged, no more: 5,000 − interest left in the account.
    expect(Number(repaid!.repaid)).toBeCloseTo(10000 + Number(repaid!.interestAccrued), 2);
    const after = await stock();
    expect(after.frozen).toBe(0);
    expect(after.available).toBeCloseTo(5000 - Number(repaid!.interestAccrued), 2);
    await screenshot(page, 'loan-repaid-tr-TR');
  });

  it('reads in English', async () => {
    const { page } = me.phone;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    await page.goto(`${base}/pages/user/loan`);
    await page.getByTestId('loan-amount').fill('5,000.50');
    await page.getByTestId('loan-days-7').click();
    // 5,000.50 × 0.0005 = 2.50025 → 2.51 a day (a started kuruş is charged); 7 days 17.50175 →
    // 17.51; total 5,018.01
    await expect.poll(() => page.getByTestId('schedule-total').textContent()).toContain('5,018.01');
    expect(await page.getByTestId('schedule-daily').textContent()).toContain('2.51');
    expect(await page.getByTestId('schedule-penalty-rate').textContent()).toBe('+0.05% a day');
    await screenshot(page, 'loan-apply-en-US');
    await page.getByTestId('loan-schedule').scrollIntoViewIfNeeded();
    await screenshot(page, 'loan-schedule-en-US');
    await page.goto(`${base}/pages/user/loan?tab=mine`);
    await page.getByTestId('loan-list').waitFor();
    await page.getByTestId('loan-statement').first().locator('summary').click();
    await page.getByTestId('loan-statement-loan_repay').first().waitFor();
    await screenshot(page, 'loan-mine-en-US');
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('tr-TR')));
  });
});

// A KYC-verified user (the bank card form needs the verified name) for the chat and the pickers.
describe('support chat and location pickers in Chromium', () => {
  let other: CreatedUser;
  let p: Phone;
  beforeAll(async () => {
    other = (await operator(['create-user'], cli)) as CreatedUser;
    // A verified name, as the funding journey gets one: the card must carry it.
    await verifiedIdentity(other);
    p = await openPhone();
    await p.context.grantPermissions(['geolocation'], { origin: base });
    await p.context.setGeolocation({ latitude: 39.92077, longitude: 32.85411 });
    await signInAs(p.page, base, other, 'tr-TR');
  });
  afterAll(async () => {
    await p?.close();
  });

  it('sends a message with an image and receives the staff reply live', async () => {
    const { page } = p;
    await page.goto(`${base}/pages/user/service`);
    await screen(page, '/pages/user/service');
    await page.getByTestId('chat-empty').waitFor();
    await screenshot(page, 'service-empty-tr-TR');
    await page.getByTestId('chat-input').fill('Kredi tutarımı görüşmek istiyorum.');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-user').filter({ hasText: 'Kredi tutarımı' }).waitFor();
    await page
      .getByTestId('chat-file')
      .setInputFiles({ name: 'dekont.png', mimeType: 'image/png', buffer: png() });
    await page.getByTestId('chat-send').click();
    await page.locator('.chat-bubble--user img').waitFor();
    await operator(['chat', 'reply', other.userId, 'Merhaba, 10.000 TL için başvurabilirsiniz.'], cli);
    // No reload: the reply comes over the private socket.
    await page.getByTestId('chat-agent').filter({ hasText: '10.000 TL' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('chat-day').first().textContent()).toBe('Bugün');
    await screenshot(page, 'service-chat-tr-TR');
    const listed = (await callApi(base, other.userToken, '/user/service/messages', {})) as { total: number };
    expect(listed.total).toBe(3);
  });

  it('the script routes explain the built-in chat, and the common route is the same chat', async () => {
    const { page } = p;
    await page.goto(`${base}/pages/user/serviceJs`);
    await screen(page, '/pages/user/serviceJs');
    await page.getByTestId('chat-no-script').waitFor();
    await screenshot(page, 'service-js-user-tr-TR');
    await page.getByTestId('chat-open-builtin').click();
    await screen(page, '/pages/user/service');
    await page.goto(`${base}/pages/common/serviceJs`);
    await page.getByTestId('chat-no-script').waitFor();
    await screenshot(page, 'service-js-common-tr-TR');
    await page.goto(`${base}/pages/common/service`);
    await page.getByTestId('chat-agent').first().waitFor();
    await screenshot(page, 'service-common-tr-TR');
  });

  it('the bank address comes from the location picker, the rest of the form kept', async () => {
    const { page } = p;
    await page.goto(`${base}/pages/wallet/addBank`);
    await page.getByTestId('add-country-OTHER').click();
    await page.getByTestId('add-account').fill('DE89370400440532013000');
    await page.getByTestId('add-bankName').fill('Deutsche Bank');
    await page.getByTestId('add-bankAddress-pick').click();
    await screen(page, '/choose-location');
    await page.getByTestId('location-locate').click();
    await page.getByTestId('location-coords').waitFor();
    // The fix is drawn on the offline map (no tile server), its pin at the map's centre.
    await page.getByTestId('location-map-pin').waitFor();
    expect(await page.getByTestId('location-geo').getAttribute('href')).toBe('geo:39.920770,32.854110');
    await screenshot(page, 'choose-location-found-tr-TR');
    // An address typed after the fix names another place: the fix's coordinates are dropped, not glued on.
    await page.getByTestId('location-address').fill('Taunusanlage 12, Frankfurt');
    await page.getByTestId('location-coords').waitFor({ state: 'detached' });
    expect(await page.getByTestId('location-map').count()).toBe(0);
    expect(await page.getByTestId('location-geo').getAttribute('href')).toBe(
      `geo:0,0?q=${encodeURIComponent('Taunusanlage 12, Frankfurt')}`,
    );
    await screenshot(page, 'choose-location-tr-TR');
    await page.getByTestId('location-use').click();
    await page.getByTestId('add-bankAddress').waitFor();
    expect(await page.getByTestId('add-bankAddress').inputValue()).toBe('Taunusanlage 12, Frankfurt');
    expect(await page.getByTestId('add-account').inputValue()).toBe('DE89370400440532013000');
    expect(await page.getByTestId('add-bankName').inputValue()).toBe('Deutsche Bank');
    await screenshot(page, 'add-bank-location-tr-TR');
  });

  it('opened alone, the picker offers to copy the place instead of a dead end', async () => {
    const { page } = p;
    await p.context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(`${base}/choose-location`);
    await screen(page, '/choose-location');
    const copy = page.getByTestId('location-copy');
    expect(await copy.isDisabled()).toBe(true);
    await page.getByTestId('location-locate').click();
    await page.getByTestId('location-map').waitFor();
    await copy.click();
    await page.getByTestId('location-copy').filter({ hasText: 'Kopyalandı' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('39.92077, 32.85411');
    // In thumb reach: the action's bottom edge at the screen's foot.
    const box = await copy.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(844 - 80);
    await screenshot(page, 'choose-location-alone-tr-TR');
  });

  it('opens a place with a geo: link, or asks for one', async () => {
    const { page } = p;
    await page.goto(
      `${base}/open-location?lat=41.0082&lng=28.9784&name=Sultanahmet&address=Fatih%2C%20%C4%B0stanbul`,
    );
    await screen(page, '/open-location');
    await page.getByTestId('open-location-map').waitFor();
    expect(await page.getByTestId('open-location-geo').getAttribute('href')).toBe(
      `geo:41.008200,28.978400?q=${encodeURIComponent('Fatih, İstanbul')}`,
    );
    await screenshot(page, 'open-location-tr-TR');
    await page.goto(`${base}/open-location`);
    await page.getByTestId('open-location-input').waitFor();
    await screenshot(page, 'open-location-chooser-tr-TR');
  });

  it('every route in English', async () => {
    const { page } = p;
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en-US')));
    const shots: [string, string, string][] = [
      ['/pages/user/service', 'chat-agent', 'service-chat-en-US'],
      ['/pages/common/service', 'chat-agent', 'service-common-en-US'],
      ['/pages/user/serviceJs', 'chat-no-script', 'service-js-user-en-US'],
      ['/pages/common/serviceJs', 'chat-no-script', 'service-js-common-en-US'],
      ['/choose-location', 'location-locate', 'choose-location-en-US'],
      ['/open-location?lat=41.0082&lng=28.9784&name=Sultanahmet', 'open-location-geo', 'open-location-en-US'],
    ];
    for (const [path, testId, name] of shots) {
      await page.goto(`${base}${path}`);
      await page.getByTestId(testId).first().waitFor();
      await screenshot(page, name);
    }
    expect(await page.getByTestId('open-location-geo').textContent()).toBe('Open in maps app');
  });
});
