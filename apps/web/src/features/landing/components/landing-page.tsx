import { useId } from 'react';
import { getConfig } from '../../../config/runtime-config.js';
import { useT } from '../../../lib/labels/use-t.js';
import type { LandingPageEntry } from '../landing-pages.js';
import '../../../components/ui/ui.css';
import '../landing.labels.js';
import '../landing.css';

/**
 * §2 landing page: title, description and one button (a link styled as one) to the external
 * platform, opened in a new window so the portal stays open.
 */
export function LandingPage({ page }: { page: LandingPageEntry }) {
  const t = useT();
  const titleId = useId();
  const href = page.link(getConfig().links);
  return (
    <section className="landing ui-panel" aria-labelledby={titleId}>
      <h1 id={titleId} className="ui-page-title">
        {t(page.titleKey)}
      </h1>
      <p className="landing__description">{t(page.descriptionKey)}</p>
      <a className="ui-button" href={href} target="_blank" rel="noopener">
        {t(page.buttonKey)}
        <span className="ui-visually-hidden">{` ${t('landing.new-window')}`}</span>
      </a>
    </section>
  );
}
