import { describe, expect, it } from 'vitest';
import { parseCommand, USAGE } from '../../server/operator/cli-commands';

describe('operator CLI IPO commands', () => {
  it.each([
    [['ipos'], { path: 'ipos', fields: {}, json: false }],
    [['ipos', '--limit', '5', '--json'], { path: 'ipos', fields: { limit: '5' }, json: true }],
    [['ipo', 'applications', '7'], { path: 'ipo-applications', fields: { id: '7' } }],
    [
      ['ipo', 'applications', '7', '--limit', '9'],
      { path: 'ipo-applications', fields: { id: '7', limit: '9' } },
    ],
    [['ipo', 'close', '7'], { path: 'ipo-close', fields: { id: '7' } }],
  ])('%j', (argv, expected) => {
    expect(parseCommand(argv)).toMatchObject(expected);
  });

  it.each([
    [['ipo', 'close'], 'missing <ipoId>'],
    [['ipo', 'open', '7'], 'unknown command: ipo open'],
  ])('%j is refused', (argv, error) => {
    expect(parseCommand(argv)).toEqual({ error });
  });

  it('are in the usage', () => {
    for (const line of ['ipos [--limit N]', 'ipo applications <ipoId>', 'ipo close <ipoId>'])
      expect(USAGE).toContain(line);
  });
});
