import { coinCases } from '../support/number-field-cases-coin';
import { stockCases } from '../support/number-field-cases-stock';
import { describeNumberFields } from '../support/number-field-suite';

// Random strings (digits, both separators, signs, exponents, spaces, letters, well-formed numbers
// in both locales) typed into the trade tickets' number fields, pasted and key by key: the field
// keeps exactly what was typed, and either says what is wrong or its confirm sheet shows the value
// the rule reads (tests/support/typed-number-oracle.ts). SEED=<n> replays a run.
describeNumberFields(
  'number fields of the trade tickets',
  [
    'stock lots',
    'stock limit price',
    'stock buy by amount',
    'coin spot limit price',
    'coin spot quantity',
    'contract quantity',
    'contract take-profit',
    'contract stop-loss',
  ],
  async (broker, user) => [...(await stockCases(broker, user)), ...(await coinCases(broker, user))],
  ['stock lots', 'contract take-profit'],
);
