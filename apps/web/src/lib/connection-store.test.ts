import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_BANNER_HIDE_MS } from '@prospector/core';
import { setConnectionStatus, useConnectionStore } from './connection-store';

describe('connection banner', () => {
  afterEach(() => vi.useRealTimers());

  it('slides away 2 seconds after connecting', () => {
    vi.useFakeTimers();
    setConnectionStatus('reconnecting');
    expect(useConnectionStore.getState().bannerVisible).toBe(true);

    setConnectionStatus('connected');
    vi.advanceTimersByTime(CONNECTION_BANNER_HIDE_MS - 1);
    expect(useConnectionStore.getState().bannerVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useConnectionStore.getState().bannerVisible).toBe(false);
  });

  it('stays while reconnecting', () => {
    vi.useFakeTimers();
    setConnectionStatus('connected');
    setConnectionStatus('reconnecting');
    vi.advanceTimersByTime(CONNECTION_BANNER_HIDE_MS * 5);
    expect(useConnectionStore.getState()).toMatchObject({ status: 'reconnecting', bannerVisible: true });
  });
});
