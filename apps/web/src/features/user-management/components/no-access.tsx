import { useT } from '../../../lib/labels/use-t.js';

/** Anyone without USERMANAGEMENT: a clear page, never a broken screen (issue 15). */
export function NoAccess() {
  const t = useT();
  return (
    <section className="ui-panel um-no-access" aria-labelledby="um-no-access-title">
      <h1 id="um-no-access-title" className="ui-page-title">
        {t('user-management.no-access.title')}
      </h1>
      <p>{t('user-management.no-access.text')}</p>
    </section>
  );
}
