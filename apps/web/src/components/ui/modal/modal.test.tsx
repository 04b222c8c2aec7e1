import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.js';
import { modalLabels } from './modal.labels.js';

const BODY =
  '<p>Read <a href="/terms">the terms</a>.</p><div class="overlay" style="position:fixed;inset:0">Overlay</div><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';

function Harness({ consent = false, onConsent }: { consent?: boolean; onConsent?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Modal
          title="Terms of use"
          body={BODY}
          onClose={() => setOpen(false)}
          consentLabelKey={consent ? 'modal.consent' : undefined}
          onConsent={onConsent}
        />
      )}
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Terms of use' });
const closeButton = () => screen.getByRole('button', { name: 'Close' });

async function openHarness(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'open' }));
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'hacked');
});

describe('<Modal> (§2 Shared widgets)', () => {
  it('shows the title and the sanitised HTML body in a dialog named by its title', async () => {
    await openHarness();
    expect(dialog()).toHaveAttribute('open');
    expect(dialog().tagName).toBe('DIALOG');
    expect(screen.getByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the terms' })).toHaveAttribute('href', '/terms');
    expect(dialog().querySelector('script')).toBeNull();
    expect(dialog().querySelector('img')).not.toHaveAttribute('onerror');
    expect(window).not.toHaveProperty('hacked');
  });

  it('closes with the close icon, which has an accessible name', async () => {
    const user = await openHarness();
    await user.click(closeButton());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click on the overlay (the dialog backdrop), not on a click inside', async () => {
    const user = await openHarness();
    await user.click(screen.getByRole('heading', { name: 'Terms of use' }));
    expect(dialog()).toBeInTheDocument();
    fireEvent.click(dialog()); // a backdrop click targets the <dialog> itself
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const user = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the optional consent button, after telling the caller', async () => {
    const onConsent = vi.fn();
    const user = await openHarness({ consent: true, onConsent });
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(onConsent).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no consent button unless asked for', async () => {
    await openHarness();
    expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
  });

  it('moves focus into the dialog and traps Tab inside it', async () => {
    const user = await openHarness({ consent: true });
    expect(closeButton()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'the terms' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'I agree' })).toHaveFocus();
    await user.tab();
    expect(closeButton()).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'I agree' })).toHaveFocus();
  });

  it('gives focus back to the opener when it closes', async () => {
    const user = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it("uses the browser's modal dialog (showModal) and routes its close request through onClose", () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
      configurable: true,
      value: showModal,
    });
    Object.defineProperty(HTMLDialogElement.prototype, 'close', {
      configurable: true,
      value: close,
    });
    try {
      const onClose = vi.fn();
      const { unmount } = render(<Modal title="Terms of use" body="" onClose={onClose} />);
      expect(showModal).toHaveBeenCalled();
      const cancel = new Event('cancel', { cancelable: true });
      dialog().dispatchEvent(cancel);
      expect(cancel.defaultPrevented).toBe(true);
      expect(onClose).toHaveBeenCalledOnce();
      unmount();
      expect(close).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
    }
  });

  it('has English defaults for its controls', () => {
    expect(modalLabels['modal.close']).toBe('Close');
    expect(modalLabels['modal.consent']).toBe('I agree');
  });
});

describe('Modal body allow-list', () => {
  it('drops inline styles and classes, so a content document cannot lay an overlay over the page', async () => {
    await openHarness();
    const overlay = [...dialog().querySelectorAll('div')].find((d) => d.textContent === 'Overlay');
    expect(overlay).toBeDefined();
    expect(overlay!.hasAttribute('style')).toBe(false);
    expect(overlay!.hasAttribute('class')).toBe(false);
  });
});
