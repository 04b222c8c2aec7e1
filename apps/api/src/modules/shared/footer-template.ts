import type { Env } from '../../config/env.js';
import { escapeHtml, safeHref } from '../../lib/html.js';

/**
 * The default shared footer (§1): useful links and the copyright line. Plain markup (it is
 * sanitised client-side); a div root so the SPA's host element decides the landmark.
 */
export function renderFooter(env: Env, now: Date = new Date()): string {
  const links: [string, string][] = [
    ['Community', env.COMMUNITY_URL],
    ['Support portal', env.CSM_URL],
    ['Learning platform', env.LEARNING_URL],
    ['Marketplace', env.MARKETPLACE_URL],
    ['Resources', env.RESOURCES_URL],
    ['E-mail subscriptions', '/my-settings/subscriptions'],
    ['Contact us', `mailto:${env.CONTACT_EMAIL}`],
  ];
  const items = links
    .map(
      ([text, href]) =>
        `<li><a class="portico-footer__link" href="${safeHref(href)}">${escapeHtml(text)}</a></li>`,
    )
    .join('\n      ');
  return `<div class="portico-footer">
  <nav class="portico-footer__nav" aria-label="Useful links">
    <ul class="portico-footer__links">
      ${items}
    </ul>
  </nav>
  <p class="portico-footer__copyright">© ${now.getFullYear()} Portico. All rights reserved.</p>
</div>
`;
}
