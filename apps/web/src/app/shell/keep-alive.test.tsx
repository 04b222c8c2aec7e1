import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../config/runtime-config.js';
import { installTestConfig } from '../../../test/test-config.js';
import { KeepAlive } from './keep-alive.js';

const KEEP_ALIVE_URL = 'https://sso.portico.test/keepalive';

const frame = () => screen.getByTitle('Session keep-alive');

function renderWith(keepAlive: { url: string; intervalMs: number }) {
  installTestConfig({ keepAlive });
  return render(<KeepAlive />);
}

beforeEach(() => {
  // Only intervals are faked, so the count below is the keep-alive timer and nothing else.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  setRuntimeConfig(null);
});

describe('<KeepAlive> (§4 Keep-alive, §9 interval configured)', () => {
  it('renders nothing and runs no timer when no address is configured', () => {
    const { container } = renderWith({ url: '', intervalMs: 60_000 });
    expect(container).toBeEmptyDOMElement();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with interval 0 has a hidden frame at the address whose timer does nothing', () => {
    renderWith({ url: KEEP_ALIVE_URL, intervalMs: 0 });
    const first = frame();
    expect(first.tagName).toBe('IFRAME');
    expect(first).toHaveAttribute('src', KEEP_ALIVE_URL);
    expect(first).not.toBeVisible();
    expect(first).toHaveAttribute('aria-hidden', 'true');
    expect(first).toHaveAttribute('tabindex', '-1');
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    });
    expect(frame()).toBe(first);
  });

  it('loads the frame afresh at every interval', () => {
    renderWith({ url: KEEP_ALIVE_URL, intervalMs: 60_000 });
    const first = frame();
    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(frame()).toBe(first);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    const second = frame();
    expect(second).not.toBe(first);
    expect(first).not.toBeInTheDocument();
    expect(second).toHaveAttribute('src', KEEP_ALIVE_URL);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(frame()).not.toBe(second);
    expect(screen.getAllByTitle('Session keep-alive')).toHaveLength(1);
  });

  it('stops its timer when it is unmounted (signing out)', () => {
    const view = renderWith({ url: KEEP_ALIVE_URL, intervalMs: 60_000 });
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(screen.queryByTitle('Session keep-alive')).not.toBeInTheDocument();
  });
});
