import type { ConditionalFormProps } from '../../src/components/conditional/conditional-form';

/** A stock ticket's conditional form as the unit tests render it: THYAO at 100.00, a ±20 % band. */
export function stockConditionalProps(overrides: Partial<ConditionalFormProps> = {}): ConditionalFormProps {
  return {
    wallet: 'stock',
    symbol: 'THYAO',
    side: 'buy',
    last: '100.00',
    priceScale: 2,
    qtyScale: 0,
    step: '1',
    asset: 'lot',
    cash: 'TRY',
    buyTotal: (amount) => amount,
    needPassword: false,
    band: { lower: '80', upper: '120' },
    ...overrides,
  };
}
