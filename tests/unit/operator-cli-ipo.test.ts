import { describe, expect, it } from 'vitest';
import { parseCommand, USAGE } from '../../server/operator/cli-commands';

// prettier-ignore
const CREATE = [
  'ipo', 'create', '--symbol', 'egegd', '--name', 'Ege Doğal Gıda', '--price', '18.40',
  '--lots-retail', '6500000', '--lots-institutional', '3500000', '--min-lots', '1',
  '--max-lots', '50000', '--start', '2026-12-01T07:00:00Z', '--end', '2026-12-03T12:00:00Z',
  '--allocation', '2026-12-03T14:00:00Z', '--refund', '1796342400000',
  '--listing', '2026-12-07T07:00:00Z',
];

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
    [['ipo', 'advance', '7'], { path: 'ipo-advance', fields: { id: '7' } }],
    [['ipo', 'advance', '7', '--to', 'listing'], { path: 'ipo-advance', fields: { id: '7', to: 'listing' } }],
    [
      [
        ...CREATE,
        '--method',
        'lottery',
        '--ticket-lots',
        '10',
        '--sector-en',
        'Food',
        '--payment',
        'pay_after',
      ],
      {
        path: 'ipo-create',
        fields: {
          symbol: 'EGEGD',
          name: 'Ege Doğal Gıda',
          issuePrice: '18.40',
          lotsRetail: '6500000',
          lotsInstitutional: '3500000',
          minLots: '1',
          maxLots: '50000',
          subscribeStart: '2026-12-01T07:00:00Z',
          subscribeEnd: '2026-12-03T12:00:00Z',
          allocationAt: '2026-12-03T14:00:00Z',
          refundAt: '1796342400000',
          listingAt: '2026-12-07T07:00:00Z',
          method: 'lottery',
          ticketLots: '10',
          sectorEn: 'Food',
          paymentMode: 'pay_after',
        },
      },
    ],
  ])('%j', (argv, expected) => {
    expect(parseCommand(argv)).toMatchObject(expected);
  });

  it.each([
    [['ipo', 'close'], 'missing <ipoId>'],
    [['ipo', 'open', '7'], 'unknown command: ipo open'],
    [['ipo', 'advance'], 'missing <ipoId>'],
    [['ipo', 'advance', '7', '--to'], 'missing value of --to'],
    [CREATE.filter((w) => w !== '--refund' && w !== '1796342400000'), 'missing --refund'],
    [
      CREATE.map((w) => (w === 'egegd' ? 'THYAO' : w)),
      'THYAO is not an IPO stock of the catalogue; an IPO can list only EGEGD, ANKYZ, MRYEN, KPDTR, TRKYA, KRDNZ, GAPEN, ISTKS, ANTLY, BRSOT, KNYSU, VANGD, MRDNM, EDRNK, KARSP, TRBZN, ESKSH, MANSA',
    ],
  ])('%j is refused', (argv, error) => {
    expect(parseCommand(argv)).toEqual({ error });
  });

  it('are in the usage', () => {
    for (const line of [
      'ipos [--limit N]',
      'ipo applications <ipoId>',
      'ipo close <ipoId>',
      'ipo create --symbol',
      "one of the catalogue's IPO stocks, EGEGD, ANKYZ, MRYEN, KPDTR, TRKYA, KRDNZ, GAPEN, ISTKS, ANTLY, BRSOT, KNYSU, VANGD, MRDNM, EDRNK, KARSP, TRBZN, ESKSH, MANSA",
      'ipo advance <ipoId> [--to open|allocation|refund|listing]',
    ])
      expect(USAGE).toContain(line);
  });
});
