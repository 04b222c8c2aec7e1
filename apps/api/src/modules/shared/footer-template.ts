import type { Env } from '../../config/env.js';
import { escapeHtml, safeHref } from '../../lib/html.js';
import type { Translate } from '../../lib/i18n/translate.js';
import './shared.texts.js';

/**
 * The default shared footer (§1): useful links and the copyright line. Plain markup (it is
 * sanitised client-side); a div root so the SPA's host element decides the landmark.
 */
export function renderFooter(env: Env, t: Translate, now: Date = new Date()): string {
  const links: [string, string][] = [
    [t('footer.link.community'), env.COMMUNITY_URL],
    [t('footer.link.support-portal'), env.CSM_URL],
    [t('footer.link.learning'), env.LEARNING_URL],
    [t('footer.link.marketplace'), env.MARKETPLACE_URL],
    [t('footer.link.resources'), env.RESOURCES_URL],
    [t('footer.link.subscriptions'), '/my-settings/subscriptions'],
    [t('footer.link.contact'), `mailto:${env.CONTACT_EMAIL}`],
  ];
  const items = links
    .map(
      ([text, href]) =>
        `<li><a class="portico-footer__link" href="${safeHref(href)}">${escapeHtml(text)}</a></li>`,
    )
    .join('\n      ');
  return `<div class="portico-footer">
  <nav class="portico-footer__nav" aria-label="${escapeHtml(t('footer.nav.label'))}">
    <ul class="portico-footer__links">
      ${items}
    </ul>
  </nav>
  <p class="portico-footer__copyright">${escapeHtml(t('footer.copyright', { year: now.getFullYear() }))}</p>
</div>
`;
}
