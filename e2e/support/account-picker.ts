// The account picker of /cloud and /invoices (issue 37, ADR 0070), driven by keyboard only:
// focus the combobox, type a part of the name, arrow down to the option, Enter.
import type { Page } from 'playwright-core';

export async function pickAccountByKeyboard(
  page: Page,
  label: string,
  typed: string,
  option: string,
): Promise<void> {
  const picker = page.getByRole('combobox', { name: label });
  await picker.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typed);
  // The options are the matching recent accounts first, then the server's search results.
  await page
    .getByRole('listbox', { name: label })
    .getByRole('option', { name: option, exact: false })
    .first()
    .waitFor();
  // Arrow down until the highlighted option is the one wanted (the list may still settle
  // while the server's answer for the last keystroke arrives), then Enter.
  for (let step = 0; step < 25; step++) {
    await page.keyboard.press('ArrowDown');
    // Read in one step: the list may re-render between reading the id and the option.
    const text = await picker.evaluate((input) => {
      const active = input.getAttribute('aria-activedescendant');
      return active ? (document.getElementById(active)?.textContent ?? null) : null;
    });
    if (text?.startsWith(option)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`the option ${option} was never highlighted`);
}
