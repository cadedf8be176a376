import { moneyCases } from '../support/number-field-cases-money';
import { describeNumberFields } from '../support/number-field-suite';

// The same property (tests/browser/number-typing-trade.property.test.ts) on the money forms: a
// bank deposit, an exchange, a transfer to the contract account, a robot's capital, an AI
// product's amount, a loan, a coin sale's commitment and an option's contracts. Forms that send at once have their request stopped in the browser.
describeNumberFields(
  'number fields of the money forms',
  [
    'bank deposit',
    'exchange',
    'transfer to contracts',
    'robot capital',
    'AI product amount',
    'loan amount',
    'coin sale commitment',
    'option contracts',
  ],
  moneyCases,
  ['bank deposit', 'robot capital'],
);
