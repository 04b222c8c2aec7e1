import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defineLabels } from '../../../lib/labels/define-labels.js';
import { SearchBox } from './search-box.js';
import { searchBoxLabels } from './search-box.labels.js';
import { testLabelKey } from '../../../../test/test-labels.js';

const input = () => screen.getByRole('searchbox', { name: 'Search' });
const submit = () => screen.getByRole('button', { name: 'Search' });

describe('<SearchBox> (§2 Shared widgets, §5 Search box)', () => {
  it('has one named input and a submit button', () => {
    render(<SearchBox onSearch={vi.fn()} />);
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    expect(input()).toBeInTheDocument();
    expect(submit()).toHaveAttribute('type', 'submit');
  });

  it('shows no error before the field is touched', () => {
    render(<SearchBox onSearch={vi.fn()} />);
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'false');
  });

  it('touches every field on submit and does not emit an empty query', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={onSearch} />);
    await user.click(submit());
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription('This field is required');
    expect(input()).toHaveFocus();
  });

  it('does not emit a query shorter than 3 characters and says so', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={onSearch} />);
    await user.type(input(), 'ab{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(input()).toHaveAccessibleDescription('Please enter a query of at least 3 characters');
  });

  it('honours a configured minimum length in the rule and the message', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={onSearch} minLength={5} />);
    await user.type(input(), 'abcd{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Please enter a query of at least 5 characters')).toBeInTheDocument();
    await user.type(input(), 'e{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: 'abcde', sort: 'relevance' });
  });

  it('shows the error after the field is left (touched) while invalid, and hides it once valid', async () => {
    const user = userEvent.setup();
    render(<SearchBox onSearch={vi.fn()} />);
    await user.type(input(), 'ab');
    expect(input()).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(input()).toHaveAccessibleDescription('Please enter a query of at least 3 characters');
    await user.type(input(), 'c');
    expect(input()).toHaveAttribute('aria-invalid', 'false');
    expect(input()).not.toHaveAccessibleDescription();
  });

  it('emits the query and the default sort order (relevance) when valid', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={onSearch} />);
    await user.type(input(), '  cloud  ');
    await user.click(submit());
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: 'cloud', sort: 'relevance' });
  });

  it('emits the chosen sort order, and the caller may preselect date', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(<SearchBox onSearch={onSearch} />);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(screen.getByRole('option', { name: 'Date' })).toBeInTheDocument();
    await user.selectOptions(sort, 'date');
    await user.type(input(), 'erp{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ query: 'erp', sort: 'date' });
    unmount();
    render(<SearchBox onSearch={vi.fn()} initialSort="date" />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('date');
  });

  it('can hide the sort select', () => {
    render(<SearchBox onSearch={vi.fn()} showSort={false} />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('passes the query through as typed when asked to (the news page)', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={onSearch} passThrough />);
    await user.type(input(), ' Cloud ERP {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: ' Cloud ERP ', sort: 'relevance' });
  });

  it('still validates a passed-through query', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={onSearch} passThrough />);
    await user.type(input(), ' a {Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts with the initial query and follows it when the caller changes it', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<SearchBox onSearch={onSearch} initialQuery="finance" />);
    expect(input()).toHaveValue('finance');
    rerender(<SearchBox onSearch={onSearch} initialQuery="payroll" />);
    expect(input()).toHaveValue('payroll');
    await user.click(submit());
    expect(onSearch).toHaveBeenCalledWith({ query: 'payroll', sort: 'relevance' });
  });

  it('uses the given name and placeholder label (news: news-query, news.search.placeholder)', () => {
    defineLabels({ 'test.search.placeholder': 'Search the news' });
    render(
      <SearchBox
        onSearch={vi.fn()}
        name="news-query"
        placeholderKey={testLabelKey('test.search.placeholder')}
      />,
    );
    expect(input()).toHaveAttribute('name', 'news-query');
    expect(input()).toHaveAttribute('placeholder', 'Search the news');
  });

  it('reports a cleared search', async () => {
    const onClear = vi.fn();
    const user = userEvent.setup();
    render(<SearchBox onSearch={vi.fn()} onClear={onClear} initialQuery="abc" />);
    await user.clear(input());
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('declares the §5 messages as English defaults', () => {
    expect(searchBoxLabels['search-box.error.required']).toBe('This field is required');
    expect(searchBoxLabels['search-box.error.minlength']).toBe(
      'Please enter a query of at least {{number}} characters',
    );
  });
});
