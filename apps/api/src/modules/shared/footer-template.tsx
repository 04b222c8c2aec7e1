import { renderToStaticMarkup } from 'react-dom/server';
import type { Env } from '../../config/env.js';
import { safeAddress } from '../../lib/html.js';
import type { Translate } from '../../lib/i18n/translate.js';
import './shared.texts.js';

function Footer({ env, t, year }: { env: Env; t: Translate; year: number }) {
  const links: [string, string][] = [
    [t('footer.link.community'), env.COMMUNITY_URL],
    [t('footer.link.support-portal'), env.CSM_URL],
    [t('footer.link.learning'), env.LEARNING_URL],
    [t('footer.link.marketplace'), env.MARKETPLACE_URL],
    [t('footer.link.resources'), env.RESOURCES_URL],
    [t('footer.link.subscriptions'), '/my-settings/subscriptions'],
    [t('footer.link.contact'), `mailto:${env.CONTACT_EMAIL}`],
  ];
  return (
    <div className="portico-footer">
      <nav className="portico-footer__nav" aria-label={t('footer.nav.label')}>
        <ul className="portico-footer__links">
          {links.map(([text, href]) => (
            <li key={text}>
              <a className="portico-footer__link" href={safeAddress(href)}>
                {text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="portico-footer__copyright">{t('footer.copyright', { year })}</p>
    </div>
  );
}

/**
 * The default shared footer (§1): useful links and the copyright line. Plain markup rendered
 * by React (it is sanitised client-side); a div root so the SPA's host element decides the
 * landmark.
 */
export function renderFooter(env: Env, t: Translate, now: Date = new Date()): string {
  return renderToStaticMarkup(<Footer env={env} t={t} year={now.getFullYear()} />);
}
