import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defineLabels } from '../../../lib/labels/define-labels.js';
import { NoticeBanner } from './notice-banner.js';
import { noticeBannerLabels } from './notice-banner.labels.js';
import { noticeHiddenKey } from './notice-storage.js';
import { testLabelKey } from '../../../../test/test-labels.js';

defineLabels({
  'test.notice.message': 'Search now covers the community.',
  'test.notice.link': 'Read more',
});

const notice = (userId = 'u-anna') => (
  <NoticeBanner
    noticeId="alertHidedNew1"
    userId={userId}
    messageKey={testLabelKey('test.notice.message')}
    link={{ href: '/news', labelKey: testLabelKey('test.notice.link') }}
  />
);
const region = () => screen.queryByRole('region', { name: 'Notice' });

describe('<NoticeBanner> (§2 Shared widgets, §4 Notice banner)', () => {
  it('shows the message, the link button, the checkbox and a named close button', () => {
    render(notice());
    expect(region()).toHaveTextContent('Search now covers the community.');
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/news');
    expect(screen.getByRole('checkbox', { name: "Don't show me this again" })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Close notice' })).toBeInTheDocument();
  });

  it('closes with the x for this session only, without the permanent flag', async () => {
    const user = userEvent.setup();
    const { unmount } = render(notice());
    await user.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(region()).not.toBeInTheDocument();
    expect(localStorage.getItem(noticeHiddenKey('alertHidedNew1', 'u-anna'))).toBeNull();
    unmount();
    render(notice()); // same session: stays closed
    expect(region()).not.toBeInTheDocument();
  });

  it('shows again in a new session after the x', async () => {
    const user = userEvent.setup();
    const first = render(notice());
    await user.click(screen.getByRole('button', { name: 'Close notice' }));
    first.unmount();
    sessionStorage.clear();
    render(notice());
    expect(region()).toBeInTheDocument();
  });

  it("'Don't show me this again' stores a per-user, per-notice flag and closes it", async () => {
    const user = userEvent.setup();
    const first = render(notice());
    await user.click(screen.getByRole('checkbox', { name: "Don't show me this again" }));
    expect(region()).not.toBeInTheDocument();
    expect(localStorage.getItem('portico.notice.alertHidedNew1.u-anna.hidden')).toBe('true');
    first.unmount();
    sessionStorage.clear();
    const again = render(notice());
    expect(region()).not.toBeInTheDocument(); // hidden for good for this user
    again.unmount();
    render(notice('u-paul'));
    expect(region()).toBeInTheDocument(); // another user still sees it
  });

  it('keeps notices apart by id', async () => {
    const user = userEvent.setup();
    render(notice());
    await user.click(screen.getByRole('checkbox', { name: "Don't show me this again" }));
    render(
      <NoticeBanner
        noticeId="otherNotice"
        userId="u-anna"
        messageKey={testLabelKey('test.notice.message')}
      />,
    );
    expect(region()).toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(notice());
    await user.tab();
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox')).toHaveFocus();
    await user.keyboard(' ');
    expect(region()).not.toBeInTheDocument();
  });

  it('has English defaults', () => {
    expect(noticeBannerLabels['notice-banner.dont-show-again']).toBe("Don't show me this again");
  });
});
