import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defineLabels } from '../../../lib/labels/define-labels.js';
import { infoDocumentQueryOptions } from '../modal/info-document-query.js';
import { ModalHost } from '../modal/modal-host.js';
import { useModalStore } from '../modal/modal-store.js';
import { Toolbar } from './toolbar.js';
import { toolbarLabels } from './toolbar.labels.js';
import { testLabelKey } from '../../../../test/test-labels.js';

afterEach(() => useModalStore.getState().close());

describe('<Toolbar> (§2 Shared widgets)', () => {
  it('shows the result count with the singular label for one result', () => {
    render(<Toolbar count={1} />);
    expect(screen.getByText('1 result')).toBeInTheDocument();
  });

  it('shows the result count with the plural label otherwise', () => {
    const { rerender } = render(<Toolbar count={145} />);
    expect(screen.getByText('145 results')).toBeInTheDocument();
    rerender(<Toolbar count={0} />);
    expect(screen.getByText('0 results')).toBeInTheDocument();
  });

  it('takes other count labels from the caller', () => {
    defineLabels({
      'test.articles_one': '{{count}} article',
      'test.articles_other': '{{count}} articles',
    });
    const { rerender } = render(<Toolbar count={1} countLabel={testLabelKey('test.articles')} />);
    expect(screen.getByText('1 article')).toBeInTheDocument();
    rerender(<Toolbar count={2} countLabel={testLabelKey('test.articles')} />);
    expect(screen.getByText('2 articles')).toBeInTheDocument();
  });

  it('shows a named loading spinner only while loading', () => {
    const { rerender } = render(<Toolbar count={3} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<Toolbar count={3} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('has no Help link unless a hint is given', () => {
    render(<Toolbar count={3} />);
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('opens the hint modal with its content key from the Help link, also by keyboard', async () => {
    const user = userEvent.setup();
    render(<Toolbar count={3} helpContentKey="news-search-help" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(useModalStore.getState().request).toEqual({ contentKey: 'news-search-help' });
  });

  it('shows the hint document in the modal', async () => {
    const client = new QueryClient();
    client.setQueryData(infoDocumentQueryOptions('news-search-help').queryKey, {
      title: 'Search tips',
      content: '<p>Use at least three letters.</p>',
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={client}>
        <Toolbar count={3} helpContentKey="news-search-help" />
        <ModalHost />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('dialog', { name: 'Search tips' })).toHaveTextContent(
      'Use at least three letters.',
    );
  });

  it('places further controls in the toolbar', () => {
    render(
      <Toolbar count={3}>
        <button type="button">extra</button>
      </Toolbar>,
    );
    expect(screen.getByRole('button', { name: 'extra' })).toBeInTheDocument();
  });

  it('has English defaults', () => {
    expect(toolbarLabels['toolbar.results_one']).toBe('{{count}} result');
    expect(toolbarLabels['toolbar.results_other']).toBe('{{count}} results');
  });
});
