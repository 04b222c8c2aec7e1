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
  const options = await page
    .getByRole('listbox', { name: label })
    .getByRole('option')
    .allTextContents();
  const index = options.findIndex((text) => text.startsWith(option));
  if (index < 0) throw new Error(`no option ${option} among ${options.join(', ')}`);
  for (let step = 0; step <= index; step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}
