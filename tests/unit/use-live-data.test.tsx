// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLiveData } from '../../src/components/content/use-live-data';

/** A loader whose reads the test answers one by one, in any order. */
function loader() {
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

async function ready(load: () => Promise<string>, pending: { resolve: (value: string) => void }[]) {
  const hook = renderHook(() => useLiveData('balance', load));
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0]!.resolve('₺100'));
  expect(hook.result.current.data).toBe('₺100');
  return hook;
}

afterEach(cleanup);

describe('useLiveData: refresh reads again behind what is shown', () => {
  it('keeps the data on screen while it reads, then shows the answer', async () => {
    const { load, pending } = loader();
    const hook = await ready(load, pending);
    act(() => {
      void hook.result.current.refresh();
    });
    expect(pending).toHaveLength(2);
    expect(hook.result.current.status).toBe('ready');
    expect(hook.result.current.data).toBe('₺100');
    await act(async () => pending[1]!.resolve('₺40'));
    expect(hook.result.current.data).toBe('₺40');
  });

  it('keeps what is shown when the read fails', async () => {
    const { load, pending } = loader();
    const hook = await ready(load, pending);
    act(() => {
      void hook.result.current.refresh();
    });
    await act(async () => pending[1]!.reject(new Error('offline')));
    expect(hook.result.current.status).toBe('ready');
    expect(hook.result.current.data).toBe('₺100');
  });

  it('applies only the newest read: an older answer arriving last does not undo a newer one', async () => {
    // After two orders in a row the first read's balance may arrive after the second's.
    const { load, pending } = loader();
    const hook = await ready(load, pending);
    act(() => {
      void hook.result.current.refresh();
    });
    act(() => {
      void hook.result.current.refresh();
    });
    await act(async () => pending[2]!.resolve('₺10'));
    await act(async () => pending[1]!.resolve('₺40'));
    expect(hook.result.current.data).toBe('₺10');
  });

  it('does nothing once the screen is gone', async () => {
    const { load, pending } = loader();
    const hook = await ready(load, pending);
    const { refresh } = hook.result.current;
    hook.unmount();
    refresh();
    expect(pending).toHaveLength(1);
  });
});

describe('useLiveData: the first read starts after the paint', () => {
  // React runs a tap's effects before the browser paints it; a new screen's requests must not hold
  // its first frame (taps on a mid-range phone).
  it('shows the skeleton first and reads once the frame has painted', async () => {
    const { load, pending } = loader();
    let painted = false;
    const hook = renderHook(() => useLiveData('balance', load));
    expect(hook.result.current.status).toBe('loading');
    expect(pending).toHaveLength(0);
    requestAnimationFrame(() => (painted = true));
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(painted).toBe(true);
    await act(async () => pending[0]!.resolve('₺100'));
    expect(hook.result.current.data).toBe('₺100');
  });

  it('replaces the old key’s data with the skeleton at once, before its read starts', async () => {
    const { load, pending } = loader();
    const hook = renderHook(({ key }) => useLiveData(key, load), { initialProps: { key: 'THYAO' } });
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.resolve('THYAO ₺300'));
    hook.rerender({ key: 'ASELS' });
    expect(hook.result.current.status).toBe('loading');
    expect(hook.result.current.data).toBeUndefined();
    expect(pending).toHaveLength(1);
    await waitFor(() => expect(pending).toHaveLength(2));
  });

  it('reads at once in a hidden page, which paints no frame', async () => {
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      const { load, pending } = loader();
      renderHook(() => useLiveData('balance', load));
      expect(pending).toHaveLength(1);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      if (visibility) expect(document.visibilityState).toBe(visibility.get?.call(document));
    }
  });

  it('starts no read for a screen left before its first frame', async () => {
    const { load, pending } = loader();
    const hook = renderHook(() => useLiveData('balance', load));
    hook.unmount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pending).toHaveLength(0);
  });
});
