import { AccountManagerCard } from '../../../../components/ui/account-manager-card/account-manager-card.js';
import { useT } from '../../../../lib/labels/use-t.js';
import '../documentation.labels.js';

/** A product the account is not connected to (the API's 403): say so, offer the account manager. */
export function NotConnected({ productName }: { productName: string | null }) {
  const t = useT();
  return (
    <section
      className="ui-panel documentation__not-connected"
      aria-labelledby="documentation-not-connected"
    >
      <h2 id="documentation-not-connected">
        {productName
          ? t('documentation.not-connected.title', { product: productName })
          : t('documentation.not-connected.generic')}
      </h2>
      <p>{t('documentation.not-connected.text')}</p>
      <AccountManagerCard />
    </section>
  );
}
