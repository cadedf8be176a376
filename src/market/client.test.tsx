// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeMarketData } from '../../tests/support/fake-market-data';
import { setMarketDataApi, usePollInterval } from './client';

function Polls({ ms }: { ms: number }) {
  usePollInterval(ms);
  return null;
}

afterEach(cleanup);

describe('usePollInterval', () => {
  it('tells the worker the most eager mounted screen’s interval, and forgets it on unmount', () => {
    const fake = new FakeMarketData();
    setMarketDataApi(fake);
    const list = render(<Polls ms={5_000} />);
    expect(fake.streaming.at(-1)).toEqual([true, 5_000]);
    const instrument = render(<Polls ms={2_000} />);
    expect(fake.streaming.at(-1)).toEqual([true, 2_000]);
    instrument.unmount();
    expect(fake.streaming.at(-1)).toEqual([true, 5_000]);
    list.unmount();
    expect(fake.streaming.at(-1)).toEqual([true, 5_000]); // the default for lists
  });
});
