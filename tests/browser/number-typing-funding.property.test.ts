import { fundingCases } from '../support/number-field-cases-funding';
import { describeNumberFields } from '../support/number-field-suite';

// The same property (tests/browser/number-typing-trade.property.test.ts) on the fields the other
// files leave out: a bank and a coin withdrawal, a coin deposit's report, an IPO's lots, the coin
// ticket's buy by amount and the contract ticket sized by margin. Forms that send at once (the
// report; the contract, once its sheet is confirmed) have their request stopped in the browser.
describeNumberFields(
  'number fields of the funding forms',
  [
    'bank withdrawal',
    'coin withdrawal',
    'coin deposit report',
    'IPO lots',
    'coin buy by amount',
    'contract margin',
  ],
  fundingCases,
);
