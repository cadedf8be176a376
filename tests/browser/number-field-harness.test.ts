import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type Phone } from '../support/browser';
import { judge, readingMessages, type NumberFieldCase } from '../support/number-field-harness';

// The number fields' harness on a form of plain DOM, whose refusals come and go as a live price's
// do: a conditional trigger at the last price is refused while a trade reaches it and taken a tick
// later, and the harness read such a refusal, gone by its last look, as "no sheet and no message".

/** Pressing submit runs `onPress`; `tick` (ms) makes the form refuse every other tick, as a price crossing a trigger. */
const form = (onPress: string, tick = 0) => `
  <input data-testid="price">
  <button data-testid="submit">Review</button>
  <div id="messages"></div>
  <div id="sheet"></div>
  <script>
    const input = document.querySelector('[data-testid="price"]');
    const button = document.querySelector('[data-testid="submit"]');
    const messages = document.getElementById('messages');
    const refuse = (ms) => {
      const p = document.createElement('p');
      p.dataset.testid = 'refusal';
      p.textContent = 'The price has reached the trigger.';
      messages.append(p);
      if (ms > 0) setTimeout(() => p.remove(), ms);
    };
    const sheet = () => {
      const layer = document.getElementById('sheet');
      layer.innerHTML =
        '<div data-testid="sheet"><span data-testid="sheet-price"></span><button data-testid="sheet-cancel">Cancel</button></div>';
      layer.querySelector('[data-testid="sheet-price"]').textContent = input.value;
      layer.querySelector('[data-testid="sheet-cancel"]').onclick = () => (layer.innerHTML = '');
    };
    button.onclick = () => { ${onPress} };
    if (${tick} > 0)
      setInterval(() => {
        button.disabled = !button.disabled;
        if (button.disabled) refuse(0);
        else messages.replaceChildren();
      }, ${tick});
  </script>`;

const plainField = (onPress: string, tick?: number): NumberFieldCase => ({
  name: 'plain price',
  testId: 'price',
  spec: { decimals: 2 },
  likely: () => ['12.5'],
  open: (page) => page.setContent(form(onPress, tick)),
  submit: 'submit',
  refusals: ['refusal'],
  outcome: {
    kind: 'sheet',
    sheet: 'sheet',
    read: (page) => page.getByTestId('sheet-price').innerText(),
    expected: (value) => value,
  },
});

describe('the number fields harness', () => {
  // A page each: a second setContent keeps the window, and the form's script would declare its
  // names again.
  let phone: Phone;
  beforeEach(async () => {
    phone = await openPhone();
  });
  afterEach(async () => {
    await phone?.close();
  });
  const reading = readingMessages('en-US');
  const typed = { text: '12.5', keys: false };

  it('reads the sheet a press opens', async () => {
    const field = plainField('sheet()');
    await field.open(phone.page, 'en-US');
    expect(await judge(phone.page, field, 'en-US', typed, reading)).toEqual({ failures: [], came: 'sent' });
  });

  it('takes a refusal on screen for a moment after the press as what the press came to', async () => {
    const field = plainField('refuse(40)');
    await field.open(phone.page, 'en-US');
    expect(await judge(phone.page, field, 'en-US', typed, reading)).toEqual({
      failures: [],
      came: 'message',
    });
  });

  it('gets a sheet or a refusal from a form whose verdict turns every 120 ms', async () => {
    const field = plainField('sheet()', 120);
    await field.open(phone.page, 'en-US');
    for (let i = 0; i < 12; i += 1) {
      const judged = await judge(phone.page, field, 'en-US', { text: '12.5', keys: i % 2 === 1 }, reading);
      expect(judged, `press ${i}`).toEqual({ failures: [], came: expect.stringMatching(/^(sent|message)$/) });
    }
  });
});
