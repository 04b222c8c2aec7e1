import { useNavigate } from 'react-router';
import { getConfig } from '../../config/runtime-config.js';
import { paths } from '../../config/paths.js';
import { refusedEmail } from '../../lib/auth/identity-refusal.js';
import { useT } from '../../lib/labels/use-t.js';
import './routes.labels.js';

/**
 * ADR 0029: the external provider signed someone in whom Portico does not know (the API
 * answered 403 identity_not_linked). A page of its own instead of a new sign-in, which the
 * provider would answer with the same identity. Sign-out ends the provider session too, so
 * another company account can be used.
 */
export function IdentityRefusedPage() {
  const t = useT();
  const navigate = useNavigate();
  const email = refusedEmail();
  const contact = getConfig().contactEmail;
  const [helpBefore = '', helpAfter = ''] = t('auth.refused.help').split('{email}');
  return (
    <section className="ui-panel app-refused" aria-labelledby="app-refused-title">
      <h1 id="app-refused-title" className="ui-page-title">
        {t('auth.refused.title')}
      </h1>
      {email && <p>{t('auth.refused.signedInAs', { email })}</p>}
      <p>{t('auth.refused.text')}</p>
      <p>
        {helpBefore}
        <a href={`mailto:${contact}`}>{contact}</a>
        {helpAfter}
      </p>
      <button type="button" className="ui-button" onClick={() => void navigate(paths.logout())}>
        {t('auth.refused.signOut')}
      </button>
    </section>
  );
}
