// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Advice, AdviceList } from '../../domain/protocol/membership';
import '../../src/i18n/setup';
import { AdviceCard } from '../../src/screens/membership/advice-card';
import { setLanguage } from '../../src/state/prefs';

const LIST: AdviceList = {
  generatedAt: 1_764_000_000_000,
  historyBars: 250,
  horizonBars: 20,
  stopLookback: 10,
  rewardRisk: 2,
  list: [],
  records: [],
};
const advice = (kind: Advice['kind'], facts: Record<string, string>): Advice => ({
  symbol: 'THYAO',
  name: 'Türk Hava Yolları',
  kind,
  signalAt: 1_764_000_000_000,
  entry: '318.25',
  stop: '300.00',
  target: '354.75',
  facts,
});

afterEach(() => cleanup());

describe('advice card', () => {
  // Not "Bollinger üst bandının (21.20)" and "RSI(14) … 30.17" in tr-TR.
  it.each([
    ['tr-TR', '(1.021,20)', '30,17', 'RSI(14) 30 altından 30,17'],
    ['en-US', '(1,021.20)', '30.17', 'RSI(14) came back from below 30 to 30.17'],
  ])('writes the rationale’s figures in the %s format', async (lang, band, rsi, level) => {
    setLanguage(lang as 'tr-TR' | 'en-US');
    render(
      <Router>
        <AdviceCard advice={advice('bollinger_breakout', { period: '20', band: '1021.20' })} list={LIST} />
        <AdviceCard
          advice={advice('rsi_oversold', { period: '14', level: '30', rsi: '30.17' })}
          list={LIST}
        />
      </Router>,
    );
    // The namespace loads with the card's module.
    await waitFor(() =>
      expect(screen.getByTestId('advice-THYAO-bollinger_breakout').textContent).toContain(band),
    );
    const rsiCard = screen.getByTestId('advice-THYAO-rsi_oversold').textContent ?? '';
    expect(rsiCard).toContain(rsi);
    expect(rsiCard).toContain(level);
    expect(document.body.textContent).not.toMatch(/NaN|undefined|--/);
  });
});
