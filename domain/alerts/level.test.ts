import { describe, expect, it } from 'vitest';
import { alertLevelProblem, levelBand } from './level';

describe('a price alert’s level against the last price', () => {
  it('refuses 0 and below as not above 0, whatever the price', () => {
    expect(alertLevelProblem('0', '300')).toEqual({ key: 'ALERT_LEVEL_NOT_POSITIVE' });
    expect(alertLevelProblem('0', null)).toEqual({ key: 'ALERT_LEVEL_NOT_POSITIVE' });
    expect(alertLevelProblem('-1', '300')).toEqual({ key: 'ALERT_LEVEL_NOT_POSITIVE' });
  });

  it('takes a level from a hundredth to a hundred times the price: 3 to 30,000 around 300', () => {
    expect(levelBand('300')).toEqual({ min: '3', max: '30000' });
    expect(alertLevelProblem('3', '300')).toBeNull();
    expect(alertLevelProblem('30000', '300')).toBeNull();
    expect(alertLevelProblem('312.5', '300')).toBeNull();
  });

  it('refuses a typo of a level, naming the band: 99,999,999 on a 300 TL stock', () => {
    expect(alertLevelProblem('99999999', '300')).toEqual({
      key: 'ALERT_LEVEL_FAR',
      params: { threshold: '99999999', last: '300', min: '3', max: '30000' },
    });
    expect(alertLevelProblem('30000.01', '300')?.key).toBe('ALERT_LEVEL_FAR');
    expect(alertLevelProblem('2.99', '300')?.key).toBe('ALERT_LEVEL_FAR');
    // 0.01 × 0.00001234 = 0.0000001234; 100 × 0.00001234 = 0.001234 (a coin priced in fractions).
    expect(levelBand('0.00001234')).toEqual({ min: '0.0000001234', max: '0.001234' });
    expect(alertLevelProblem('0.002', '0.00001234')?.key).toBe('ALERT_LEVEL_FAR');
  });

  it('says nothing of the distance while the price is unknown', () => {
    expect(alertLevelProblem('99999999', null)).toBeNull();
  });
});
