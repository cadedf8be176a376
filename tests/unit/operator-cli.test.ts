import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../server/operator/cli-commands';

describe('operator CLI commands', () => {
  it.each([
    [['users'], { path: 'users', fields: {}, json: false }],
    [['users', '--limit', '5', '--json'], { path: 'users', fields: { limit: '5' }, json: true }],
    [
      ['create-user', '--kyc', 'approved', '--json'],
      { path: 'create-user', fields: { kyc: 'approved' }, json: true },
    ],
    [['user', 'disable', '100001'], { path: 'user-disable', fields: { userId: '100001' } }],
    [['kyc', 'list', '--status', 'pending'], { path: 'kyc-list', fields: { status: 'pending' } }],
    [['kyc', 'approve', '7'], { path: 'kyc-approve', fields: { id: '7' } }],
    [
      ['kyc', 'reject', '7', '--reason', 'Blurry photo'],
      { path: 'kyc-reject', fields: { id: '7', reason: 'Blurry photo' } },
    ],
    [['outbox', '--to=a@b.co'], { path: 'outbox', fields: { to: 'a@b.co' } }],
    [
      [
        'notice',
        'send',
        '--title',
        'Bakım',
        '--body',
        'Gece',
        '--title-en',
        'Maintenance',
        '--body-en',
        'Tonight',
        '--pinned',
      ],
      {
        path: 'notice-send',
        fields: { titleTr: 'Bakım', bodyTr: 'Gece', titleEn: 'Maintenance', bodyEn: 'Tonight', pinned: '1' },
      },
    ],
    [
      ['message', 'send', '--user', '100002', '--title', 'Merhaba', '--body', 'Hoş geldiniz'],
      { path: 'message-send', fields: { userId: '100002', titleTr: 'Merhaba', bodyTr: 'Hoş geldiniz' } },
    ],
    [
      ['fund', '100001', '2500.50', '--reason', 'Sandbox top-up', '--wallet', 'stock'],
      {
        path: 'fund',
        fields: { userId: '100001', amount: '2500.50', reason: 'Sandbox top-up', wallet: 'stock' },
      },
    ],
    [
      ['robot', 'orders', '--status', 'running', '--limit', '5'],
      { path: 'robot-orders', fields: { status: 'running', limit: '5' } },
    ],
    [['robot', 'pause', '2'], { path: 'robot-pause', fields: { id: '2', paused: 'true' } }],
    [
      ['ai', 'orders', '--product', 'momentum-5', '--status', 'open'],
      { path: 'ai-orders', fields: { product: 'momentum-5', status: 'open' } },
    ],
  ])('%j', (argv, expected) => {
    expect(parseCommand(argv)).toMatchObject(expected);
  });

  it.each([
    [['frobnicate'], 'unknown command: frobnicate'],
    [['kyc', 'approve'], 'missing <submissionId>'],
    [['kyc', 'reject', '3'], 'missing --reason'],
    [['fund', '100001', '10'], 'missing --reason'],
    [['message', 'send', '--title', 't', '--body', 'b'], 'give --user ID or --all'],
    [['create-user', '--kyc', 'pending'], '--kyc takes only "approved"'],
    [['ai', 'pause'], 'unknown command: ai pause'],
    [['ai', 'orders', '--status'], 'missing value of --status'],
  ])('%j is refused with a clear message', (argv, error) => {
    expect(parseCommand(argv)).toEqual({ error });
  });

  it('create-user --json prints exactly the user id, account, password and both tokens', () => {
    const command = parseCommand(['create-user', '--json']);
    if ('error' in command) throw new Error(command.error);
    const answer = {
      userId: '1',
      account: 'a@b.co',
      password: 'p',
      userToken: 'r',
      userTokenDemo: 'd',
      extra: 1,
    };
    expect(command.pick?.(answer)).toEqual({
      // The id is what `fund` needs next (it was missing).
      userId: '1',
      account: 'a@b.co',
      password: 'p',
      userToken: 'r',
      userTokenDemo: 'd',
    });
  });
});
