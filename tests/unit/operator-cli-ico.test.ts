import { describe, expect, it } from 'vitest';
import { parseCommand, USAGE } from '../../server/operator/cli-commands';

const CREATE = [
  'ico',
  'create',
  '--token',
  'NEWT',
  '--name',
  'New Token',
  '--price',
  '0.25',
  '--offered',
  '400000',
  '--scale',
  '2',
  '--min',
  '5',
  '--start',
  '2026-12-01T09:00:00Z',
  '--end',
  '2026-12-03T09:00:00Z',
  '--listing',
  '2026-12-04T09:00:00Z',
];

describe('operator CLI ICO commands', () => {
  it.each([
    [['icos'], { path: 'icos', fields: {}, json: false }],
    [['icos', '--limit', '5', '--json'], { path: 'icos', fields: { limit: '5' }, json: true }],
    [['ico', 'commitments', '7'], { path: 'ico-commitments', fields: { id: '7' } }],
    [['ico', 'close', '7'], { path: 'ico-close', fields: { id: '7' } }],
    [
      [...CREATE, '--max', '1000', '--summary', 'Deneme'],
      {
        path: 'ico-create',
        fields: {
          token: 'NEWT',
          name: 'New Token',
          tokenPrice: '0.25',
          tokensOffered: '400000',
          tokenScale: '2',
          minCommit: '5',
          maxCommit: '1000',
          subscribeStart: '2026-12-01T09:00:00Z',
          subscribeEnd: '2026-12-03T09:00:00Z',
          listingAt: '2026-12-04T09:00:00Z',
          summaryTr: 'Deneme',
        },
      },
    ],
  ])('%j', (argv, expected) => {
    expect(parseCommand(argv)).toMatchObject(expected);
  });

  it.each([
    [['ico', 'close'], 'missing <icoId>'],
    [['ico', 'open', '7'], 'unknown command: ico open'],
    [CREATE.filter((w) => w !== '--price' && w !== '0.25'), 'missing --price'],
  ])('%j is refused', (argv, error) => {
    expect(parseCommand(argv)).toEqual({ error });
  });

  it('are in the usage', () => {
    for (const line of [
      'icos [--limit N]',
      'ico commitments <icoId>',
      'ico close <icoId>',
      'ico create --token',
    ])
      expect(USAGE).toContain(line);
  });
});
