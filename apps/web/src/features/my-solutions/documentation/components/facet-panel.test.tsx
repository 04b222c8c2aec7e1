import type { FacetCounts } from '@portico/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FacetPanel } from './facet-panel.js';

const facets: FacetCounts[] = [
  {
    facet: 'release',
    values: [
      { key: '2025.1', label: '2025.1', count: 12, selected: false },
      { key: '2024.2', label: '2024.2', count: 3, selected: true },
    ],
  },
  { facet: 'documentType', values: [{ key: 'faq', label: 'FAQ', count: 1, selected: false }] },
  { facet: 'country', values: [] },
];

describe('<FacetPanel>', () => {
  it('shows each facet with its values and counts; a click toggles that value', async () => {
    const onToggle = vi.fn();
    render(
      <FacetPanel
        facets={facets}
        onToggle={onToggle}
        onClear={vi.fn()}
        anySelected
        isSelected={(facet, value) => facet === 'release' && value === '2024.2'}
      />,
    );
    expect(screen.getByRole('group', { name: 'Release' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Document type' })).toBeInTheDocument();
    // A facet with no values left is not shown.
    expect(screen.queryByRole('group', { name: 'Country' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '2024.2 (3)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '2025.1 (12)' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'FAQ (1)' }));
    expect(onToggle).toHaveBeenCalledWith('documentType', 'faq');
    expect(screen.queryByText('No filters available')).not.toBeInTheDocument();
  });

  it("says 'No filters available' when no facet has a value left (§8)", () => {
    render(
      <FacetPanel
        facets={[{ facet: 'release', values: [] }]}
        onToggle={vi.fn()}
        onClear={vi.fn()}
        anySelected={false}
        isSelected={() => false}
      />,
    );
    expect(screen.getByText('No filters available')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('has a named toggle for small screens that reports whether the panel is open', async () => {
    render(
      <FacetPanel
        facets={facets}
        onToggle={vi.fn()}
        onClear={vi.fn()}
        anySelected={false}
        isSelected={() => false}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
