import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatSessionEnded, saySessionEnded, SESSION_ENDED_TOAST_MS } from './session-ended';
import { hideToast, showToast, toast, TOAST_MS } from './toast';

describe('the reason a session ended, said again as login opens', () => {
  afterEach(() => {
    hideToast();
    vi.useRealTimers();
  });

  it('is said at once, and again for its whole time when login opens after it ran out or was replaced', () => {
    vi.useFakeTimers();
    saySessionEnded('Oturumunuz sona erdi.');
    expect(toast.text).toBe('Oturumunuz sona erdi.');
    showToast('başka bir şey');
    vi.advanceTimersByTime(TOAST_MS);
    expect(toast.text).toBe('');
    repeatSessionEnded();
    expect(toast.text).toBe('Oturumunuz sona erdi.');
    vi.advanceTimersByTime(SESSION_ENDED_TOAST_MS - 1);
    expect(toast.text).toBe('Oturumunuz sona erdi.');
    vi.advanceTimersByTime(1);
    expect(toast.text).toBe('');
  });

  it('is said again once only: login opened later for another reason says nothing', () => {
    saySessionEnded('Your session has ended.');
    repeatSessionEnded();
    hideToast();
    repeatSessionEnded();
    expect(toast.text).toBe('');
  });
});
