import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateFilter } from './date-filter.js';
import { dateFilterLabels } from './date-filter.labels.js';

const TODAY = () => new Date(2026, 2, 15, 9, 0); // 15 March 2026, local time

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const toggle = () => screen.getByRole('button', { name: /^Date/ });
const from = () => screen.getByLabelText('From');
const to = () => screen.getByLabelText('To');
const wait = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};
const setDate = (input: HTMLElement, value: string) =>
  fireEvent.change(input, { target: { value } });

function renderFilter(props: { startDate?: string; endDate?: string } = {}) {
  const onChange = vi.fn();
  const view = render(<DateFilter {...props} onChange={onChange} today={TODAY} />);
  fireEvent.click(toggle());
  return { onChange, ...view };
}

describe('<DateFilter> (§2 Shared widgets, §4, §5 Date filter)', () => {
  it('opens a labelled panel with from and to date inputs from a toggle button', () => {
    render(<DateFilter onChange={vi.fn()} today={TODAY} />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Filter by date' })).not.toBeInTheDocument();
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Filter by date' })).toBeVisible();
    expect(from()).toHaveAttribute('type', 'date');
    expect(to()).toHaveAttribute('type', 'date');
    expect(from()).toHaveFocus();
  });

  it('emits both dates only after a 200 ms pause, once both are valid and present', () => {
    const { onChange } = renderFilter();
    setDate(from(), '2026-01-01');
    wait(500);
    expect(onChange).not.toHaveBeenCalled(); // end missing
    setDate(to(), '2026-02-01');
    wait(199);
    expect(onChange).not.toHaveBeenCalled();
    wait(1);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    });
  });

  it('restarts the pause on every change and emits only the last values', () => {
    const { onChange } = renderFilter({ startDate: '2026-01-01', endDate: '2026-02-01' });
    setDate(to(), '2026-02-10');
    wait(150);
    setDate(to(), '2026-02-20');
    wait(150);
    expect(onChange).not.toHaveBeenCalled();
    wait(50);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({
      startDate: '2026-01-01',
      endDate: '2026-02-20',
    });
  });

  it('does not emit dates outside the years 2xxx', () => {
    const { onChange } = renderFilter();
    setDate(from(), '1999-12-01');
    setDate(to(), '2026-02-01');
    wait(200);
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle()).toHaveAccessibleName('Date');
  });

  it('restores the previous values and explains when the start is after the end', () => {
    const { onChange } = renderFilter({ startDate: '2026-01-01', endDate: '2026-02-01' });
    setDate(from(), '2026-03-01');
    expect(from()).toHaveValue('2026-03-01');
    wait(200);
    expect(onChange).not.toHaveBeenCalled();
    expect(from()).toHaveValue('2026-01-01');
    expect(to()).toHaveValue('2026-02-01');
    expect(screen.getByRole('alert')).toHaveTextContent('Start date must be before end date.');
    expect(from()).toHaveAttribute('aria-invalid', 'true');
    expect(from()).toHaveAccessibleDescription('Start date must be before end date.');
    // A valid change afterwards clears the message.
    setDate(to(), '2026-02-15');
    wait(200);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({
      startDate: '2026-01-01',
      endDate: '2026-02-15',
    });
  });

  it('makes the filter inactive when either date is missing, emitting the cleared state once', () => {
    const { onChange } = renderFilter({ startDate: '2026-01-01', endDate: '2026-02-01' });
    expect(toggle()).toHaveAccessibleName('Date 2026-01-01 – 2026-02-01');
    setDate(to(), '');
    wait(200);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: undefined, endDate: undefined });
    expect(toggle()).toHaveAccessibleName('Date');
    expect(from()).toHaveValue('2026-01-01'); // the unfinished input is kept
    setDate(from(), '');
    wait(200);
    expect(onChange).toHaveBeenCalledOnce();
  });

  it.each([
    ['Last year', '2025-03-16'],
    ['Last month', '2026-02-13'],
    ['Last week', '2026-03-08'],
  ])(
    'quick option %s sets the start to today minus 364/30/7 days and the end to today',
    (name, start) => {
      const { onChange } = renderFilter();
      fireEvent.click(screen.getByRole('button', { name }));
      expect(from()).toHaveValue(start);
      expect(to()).toHaveValue('2026-03-15');
      wait(200);
      expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: start, endDate: '2026-03-15' });
    },
  );

  it("'Any date' resets both dates and the filter", () => {
    const { onChange } = renderFilter({ startDate: '2026-01-01', endDate: '2026-02-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Any date' }));
    expect(from()).toHaveValue('');
    expect(to()).toHaveValue('');
    wait(200);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: undefined, endDate: undefined });
  });

  it('shows the active state on the toggle when both dates are set and valid', () => {
    const { rerender } = render(<DateFilter onChange={vi.fn()} today={TODAY} />);
    expect(toggle()).toHaveAccessibleName('Date');
    expect(toggle()).not.toHaveClass('ui-date-filter__toggle--active');
    rerender(
      <DateFilter onChange={vi.fn()} today={TODAY} startDate="2026-01-01" endDate="2026-02-01" />,
    );
    expect(toggle()).toHaveAccessibleName('Date 2026-01-01 – 2026-02-01');
    expect(toggle()).toHaveClass('ui-date-filter__toggle--active');
    rerender(<DateFilter onChange={vi.fn()} today={TODAY} startDate="2026-01-01" />);
    expect(toggle()).toHaveAccessibleName('Date');
  });

  it('becomes active after a quick option is applied', () => {
    renderFilter();
    fireEvent.click(screen.getByRole('button', { name: 'Last week' }));
    wait(200);
    expect(toggle()).toHaveAccessibleName('Date 2026-03-08 – 2026-03-15');
  });

  it('adopts new dates from the caller (e.g. the URL)', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <DateFilter onChange={onChange} today={TODAY} startDate="2026-01-01" endDate="2026-02-01" />,
    );
    rerender(
      <DateFilter onChange={onChange} today={TODAY} startDate="2026-04-01" endDate="2026-05-01" />,
    );
    fireEvent.click(toggle());
    expect(from()).toHaveValue('2026-04-01');
    expect(to()).toHaveValue('2026-05-01');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes with Escape and returns focus to the toggle; works from the keyboard', async () => {
    // Testing Library waits on a real-time tick between user events.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const onChange = vi.fn();
    render(<DateFilter onChange={onChange} today={TODAY} />);
    await user.tab();
    expect(toggle()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(from()).toHaveFocus();
    await user.tab();
    expect(to()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last year' })).toHaveFocus();
    await user.keyboard('{Enter}');
    wait(200);
    expect(onChange).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('closes on a click outside, not on a click inside', () => {
    render(
      <>
        <DateFilter onChange={vi.fn()} today={TODAY} />
        <p>outside</p>
      </>,
    );
    fireEvent.click(toggle());
    fireEvent.pointerDown(from());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses the native popover (top layer) where the browser has one', () => {
    const showPopover = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'showPopover', {
      configurable: true,
      value: showPopover,
    });
    try {
      render(<DateFilter onChange={vi.fn()} today={TODAY} />);
      const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
      expect(panel).toHaveAttribute('popover', 'manual');
      expect(panel).not.toHaveAttribute('hidden');
      fireEvent.click(toggle());
      expect(showPopover).toHaveBeenCalledOnce();
      expect(from()).toHaveFocus();
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'showPopover');
    }
  });

  it('has English defaults for every text', () => {
    expect(dateFilterLabels['date-filter.error.order']).toBe('Start date must be before end date.');
    expect(dateFilterLabels['date-filter.any-date']).toBe('Any date');
  });
});
