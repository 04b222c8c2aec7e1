import { getConfig } from '../../../config/runtime-config.js';
import { useAccountManager } from '../../../lib/account/account-query.js';
import { AccountManagerCardView } from './account-manager-card-view.js';

export interface AccountManagerCardProps {
  /** Where the fallback card links to; the configured contact e-mail by default. */
  contactHref?: string;
}

/**
 * The account-manager card over the cached account slice (§4: loaded one tick after it is
 * asked for, only when the cache is empty). Nothing is shown while it loads or when loading
 * failed (the failure was already reported, §8).
 */
export function AccountManagerCard({ contactHref }: AccountManagerCardProps) {
  const account = useAccountManager();
  if (account.data === undefined) return null;
  return (
    <AccountManagerCardView
      manager={account.data}
      contactHref={contactHref ?? `mailto:${getConfig().contactEmail}`}
    />
  );
}
