import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.js';
import { paginationLabels } from './pagination.labels.js';

afterEach(() => vi.restoreAllMocks());

const pageButtons = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => b.textContent);

describe('<Pagination> (§2 Shared widgets)', () => {
  it("shows 'first–last of total' in a labelled navigation landmark", () => {
    render(<Pagination currentPage={1} pageSize={30} totalResults={145} onPageChange={vi.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('1–30 of 145')).toBeInTheDocument();
  });

  it('uses a page size of 20 when none is given', () => {
    render(<Pagination currentPage={2} totalResults={145} onPageChange={vi.fn()} />);
    expect(screen.getByText('21–40 of 145')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
  });

  it('shows the last page number beside the neighbours: 160 items are 1 2 3 … 8 (issue 37)', () => {
    render(<Pagination currentPage={1} totalResults={160} onPageChange={vi.fn()} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '8']);
    expect(within(screen.getByRole('list')).getByText('…')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows page 1 before the neighbours of a later page, without a gap when adjacent', () => {
    render(<Pagination currentPage={4} totalResults={160} onPageChange={vi.fn()} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '8']);
  });

  it('shows the current page (aria-current) with up to two neighbours on each side', () => {
    render(<Pagination currentPage={5} pageSize={10} totalResults={200} onPageChange={vi.fn()} />);
    expect(pageButtons()).toEqual(['1', '3', '4', '5', '6', '7', '20']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
  });

  it('shows fewer neighbours at the edges, and the last page', () => {
    render(<Pagination currentPage={1} pageSize={10} totalResults={200} onPageChange={vi.fn()} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '20']);
  });

  it('has first and last buttons that emit the first and last page', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Pagination currentPage={3} pageSize={30} totalResults={145} onPageChange={onPageChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables first on the first page and last on the last page', () => {
    const { rerender } = render(
      <Pagination currentPage={1} pageSize={30} totalResults={145} onPageChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
    rerender(
      <Pagination currentPage={5} pageSize={30} totalResults={145} onPageChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByText('121–145 of 145')).toBeInTheDocument();
  });

  it('emits the new page when a page number is chosen, not when the current one is', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Pagination currentPage={2} pageSize={30} totalResults={145} onPageChange={onPageChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('works from the keyboard', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Pagination currentPage={1} pageSize={30} totalResults={145} onPageChange={onPageChange} />,
    );
    await user.tab(); // First page is disabled, so focus lands on page 1
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers previous and next only when asked to', async () => {
    const onPageChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <Pagination currentPage={3} pageSize={30} totalResults={145} onPageChange={onPageChange} />,
    );
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
    rerender(
      <Pagination
        currentPage={3}
        pageSize={30}
        totalResults={145}
        onPageChange={onPageChange}
        showPreviousNext
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('is hidden when there is one page or none', () => {
    const { container, rerender } = render(
      <Pagination currentPage={1} pageSize={30} totalResults={30} onPageChange={vi.fn()} />,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Pagination currentPage={1} pageSize={30} totalResults={0} onPageChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination currentPage={1} pageSize={30} totalResults={31} onPageChange={vi.fn()} />);
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('scrolls to the top after a page change only when asked to', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { rerender } = render(
      <Pagination currentPage={1} pageSize={30} totalResults={145} onPageChange={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(
      <Pagination
        currentPage={1}
        pageSize={30}
        totalResults={145}
        onPageChange={vi.fn()}
        scrollToTop
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('declares English defaults for every text it shows', () => {
    expect(paginationLabels['pagination.range']).toBe('{{first}}–{{last}} of {{total}}');
    expect(Object.keys(paginationLabels)).toEqual(
      expect.arrayContaining([
        'pagination.label',
        'pagination.first',
        'pagination.last',
        'pagination.page',
      ]),
    );
  });
});
