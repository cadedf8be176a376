import { describe, expect, it } from 'vitest';
import { parseCommand, USAGE } from '../../server/operator/cli-commands';

describe('operator CLI funding commands', () => {
  it.each([
    [['deposits'], { path: 'deposits', fields: {}, json: false }],
    [
      ['deposits', '--status', 'failed', '--limit', '5', '--json'],
      { path: 'deposits', fields: { status: 'failed', limit: '5' }, json: true },
    ],
    [['withdrawals'], { path: 'withdrawals', fields: {} }],
    [['deposit', 'approve', '12'], { path: 'deposit-approve', fields: { id: '12' } }],
    [['deposit', 'receipt', '12'], { path: 'deposit-receipt', fields: { id: '12' } }],
    [
      ['deposit', 'reject', '12', '--reason', 'No transfer'],
      { path: 'deposit-reject', fields: { id: '12', reason: 'No transfer' } },
    ],
    [['withdrawal', 'approve', '3'], { path: 'withdrawal-approve', fields: { id: '3' } }],
    [
      ['withdrawal', 'approve', '3', '--tx-hash', '0xab'],
      { path: 'withdrawal-approve', fields: { id: '3', txHash: '0xab' } },
    ],
    [
      ['withdrawal', 'reject', '3', '--reason=Name differs'],
      { path: 'withdrawal-reject', fields: { id: '3', reason: 'Name differs' } },
    ],
    [['chain', 'confirm', 'abc'], { path: 'chain-confirm', fields: { txHash: 'abc' } }],
    [
      ['chain', 'credit', 'TRC20', 'Taddr', 'USDT', '30', '--tx-hash', 'h'],
      {
        path: 'chain-credit',
        fields: { chain: 'TRC20', address: 'Taddr', currency: 'USDT', amount: '30', txHash: 'h' },
      },
    ],
  ])('%j', (argv, expected) => {
    expect(parseCommand(argv)).toMatchObject(expected);
  });

  it.each([
    [['deposit', 'approve'], 'missing <depositId>'],
    [['deposit', 'reject', '1'], 'missing --reason'],
    [['withdrawal', 'pay', '1'], 'unknown command: withdrawal pay'],
    [['chain', 'confirm'], 'missing <txHash>'],
    [['chain', 'credit', 'TRC20', 'Taddr', 'USDT'], 'missing <chain> <address> <currency> <amount>'],
    [['chain', 'credit', 'TRC20', 'Taddr', 'USDT', '30'], 'missing --tx-hash'],
  ])('%j is refused: %s', (argv, error) => {
    expect(parseCommand(argv)).toEqual({ error });
  });

  it('lists them in the usage', () => {
    for (const line of ['deposit approve', 'withdrawal reject', 'chain credit'])
      expect(USAGE).toContain(line);
  });
});
