import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { getConfig } from '../../../config/runtime-config.js';
import { isAuthorised } from '../../../lib/auth/session.js';
import { useT } from '../../../lib/labels/use-t.js';
import { profileQueryOptions } from '../../../lib/profile/profile-query.js';
import { learningAccess, type LearningAccess } from '../utils/learning-access.js';
import { ContactLine } from './contact-line.js';
import { ExternalLink } from './external-link.js';
import '../university.labels.js';
import '../../../components/ui/ui.css';
import '../university.css';

/** The learning-platform button of each variant: its label and the configured address. */
function LearningActions({ access }: { access: LearningAccess }) {
  const t = useT();
  const { links } = getConfig();
  if (access === 'none') {
    return (
      <div className="university__actions">
        <p className="university__second-line">
          {t('university.no-access.text')}{' '}
          <ExternalLink href={links.learningCatalogue}>
            {t('university.no-access.catalogue')}
          </ExternalLink>
        </p>
        <ExternalLink className="ui-button" href={links.learningLegacy}>
          {t('university.button.legacy')}
        </ExternalLink>
      </div>
    );
  }
  const partner = access === 'partner';
  return (
    <div className="university__actions">
      <ExternalLink className="ui-button" href={partner ? links.learningPartner : links.learning}>
        {t(partner ? 'university.button.partner' : 'university.button.standard')}
      </ExternalLink>
    </div>
  );
}

/**
 * §2 University page: heading, introduction and the learning-platform button, whose label and
 * address depend on DOCEBO / DOCEBO_PARTNER (§6); users with neither get a catalogue link and
 * the legacy site. Below: the Norwegian and Swedish pages and the contact address. The button
 * waits for the profile, so nobody is briefly offered the wrong platform.
 */
export function UniversityPage() {
  const t = useT();
  const titleId = useId();
  const languagesId = useId();
  const { links, contactEmail } = getConfig();
  const profile = useQuery({ ...profileQueryOptions(), enabled: isAuthorised() });

  let actions;
  if (profile.isPending) {
    actions = (
      <p className="university__status" role="status">
        {t('university.loading')}
      </p>
    );
  } else if (profile.data) {
    actions = <LearningActions access={learningAccess(profile.data)} />;
  } else {
    // The http client already reported the failure (§8); say what is missing here.
    actions = (
      <p className="university__status" role="alert">
        {t('university.profile-error')}
      </p>
    );
  }

  return (
    <div className="university">
      <section className="ui-panel" aria-labelledby={titleId}>
        <h1 id={titleId} className="ui-page-title">
          {t('university.title')}
        </h1>
        <p className="university__intro">{t('university.intro')}</p>
        {actions}
      </section>
      <section className="university__more" aria-labelledby={languagesId}>
        <h2 id={languagesId} className="university__subtitle">
          {t('university.languages.label')}
        </h2>
        <ul className="university__languages">
          <li>
            <ExternalLink href={links.learningNorwegian}>
              {t('university.link.norwegian')}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={links.learningSwedish}>{t('university.link.swedish')}</ExternalLink>
          </li>
        </ul>
        <ContactLine email={contactEmail} />
      </section>
    </div>
  );
}
