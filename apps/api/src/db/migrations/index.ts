import { sql as core } from './001-core.js';
import { sql as oidc } from './002-oidc.js';
import { sql as newsCount } from './003-news-count.js';
import { sql as searchSources } from './004-search-sources.js';
import { sql as supportDesk } from './005-support-desk.js';
import { sql as signInLimits } from './006-sign-in-limits.js';
import { sql as deskFrameTokenUses } from './007-desk-frame-token-uses.js';
import { sql as cloudInvoices } from './008-cloud-invoices.js';
import { sql as userManagement } from './009-user-management.js';
import { sql as productNews } from './010-product-news.js';
import { sql as subscriptions } from './011-subscriptions.js';
import { sql as newsPublishing } from './012-news-publishing.js';
import { sql as productDocuments } from './013-product-documents.js';
import { sql as mySolutions } from './014-my-solutions.js';
import { sql as userSearchTerms } from './015-user-search-terms.js';
import { sql as changeNotifications } from './016-change-notifications.js';
import { sql as sessionEndsAndSignInTrust } from './017-session-ends-and-sign-in-trust.js';
import { sql as signInKnownAddresses } from './018-sign-in-known-addresses.js';
import { sql as userListCounts } from './019-user-list-counts.js';
import { sql as documentFacetPairs } from './020-document-facet-pairs.js';
import { sql as invitationMailFailures } from './021-invitation-mail-failures.js';
import { sql as notificationChanges } from './022-notification-changes.js';
import { sql as newsMailFailures } from './023-news-mail-failures.js';
import { sql as documentChanges } from './024-document-changes.js';
import { sql as userTermCounts } from './025-user-term-counts.js';
import { sql as searchStatistics } from './026-search-statistics.js';
import { sql as userTermsByLogin } from './027-user-terms-by-login.js';
import { sql as newsTerms } from './028-news-terms.js';
import { sql as streamRevocationAndCaps } from './029-stream-revocation-and-caps.js';
import { sql as secretsAtRest } from './030-secrets-at-rest.js';
import { sql as searchWords } from './031-search-words.js';
import { sql as searchHistory } from './032-search-history.js';
import { sql as savedSearches } from './033-saved-searches.js';
import { sql as accountTimeZone } from './034-account-time-zone.js';
import { sql as accountChoicesAndCodedLabels } from './035-account-choices-and-coded-labels.js';
import { sql as productDescriptions } from './036-product-descriptions.js';
import { sql as titleSearch } from './037-title-search.js';
import { sql as productContentOrder } from './038-product-content-order.js';
import { sql as caseSearchOrder } from './039-case-search-order.js';
import { sql as productNewsOrder } from './040-product-news-order.js';
import { sql as searchChanges } from './041-search-changes.js';
import { sql as newsProductIds } from './042-news-product-ids.js';
import { sql as titlePrefixes } from './043-title-prefixes.js';
import { sql as documentSearchProducts } from './044-document-search-products.js';
import { sql as productTermCounts } from './045-product-term-counts.js';
import { sql as wordPairs } from './046-word-pairs.js';
import { sql as caseSearchAccounts } from './047-case-search-accounts.js';

/** Applied in this order; never edit a released migration, add a new one. */
export const migrations: readonly { name: string; sql: string }[] = [
  { name: '001-core', sql: core },
  { name: '002-oidc', sql: oidc },
  { name: '003-news-count', sql: newsCount },
  { name: '004-search-sources', sql: searchSources },
  { name: '005-support-desk', sql: supportDesk },
  { name: '006-sign-in-limits', sql: signInLimits },
  { name: '007-desk-frame-token-uses', sql: deskFrameTokenUses },
  { name: '008-cloud-invoices', sql: cloudInvoices },
  { name: '009-user-management', sql: userManagement },
  { name: '010-product-news', sql: productNews },
  { name: '011-subscriptions', sql: subscriptions },
  { name: '012-news-publishing', sql: newsPublishing },
  { name: '013-product-documents', sql: productDocuments },
  { name: '014-my-solutions', sql: mySolutions },
  { name: '015-user-search-terms', sql: userSearchTerms },
  { name: '016-change-notifications', sql: changeNotifications },
  { name: '017-session-ends-and-sign-in-trust', sql: sessionEndsAndSignInTrust },
  { name: '018-sign-in-known-addresses', sql: signInKnownAddresses },
  { name: '019-user-list-counts', sql: userListCounts },
  { name: '020-document-facet-pairs', sql: documentFacetPairs },
  { name: '021-invitation-mail-failures', sql: invitationMailFailures },
  { name: '022-notification-changes', sql: notificationChanges },
  { name: '023-news-mail-failures', sql: newsMailFailures },
  { name: '024-document-changes', sql: documentChanges },
  { name: '025-user-term-counts', sql: userTermCounts },
  { name: '026-search-statistics', sql: searchStatistics },
  { name: '027-user-terms-by-login', sql: userTermsByLogin },
  { name: '028-news-terms', sql: newsTerms },
  { name: '029-stream-revocation-and-caps', sql: streamRevocationAndCaps },
  { name: '030-secrets-at-rest', sql: secretsAtRest },
  { name: '031-search-words', sql: searchWords },
  { name: '032-search-history', sql: searchHistory },
  { name: '033-saved-searches', sql: savedSearches },
  { name: '034-account-time-zone', sql: accountTimeZone },
  { name: '035-account-choices-and-coded-labels', sql: accountChoicesAndCodedLabels },
  { name: '036-product-descriptions', sql: productDescriptions },
  { name: '037-title-search', sql: titleSearch },
  { name: '038-product-content-order', sql: productContentOrder },
  { name: '039-case-search-order', sql: caseSearchOrder },
  { name: '040-product-news-order', sql: productNewsOrder },
  { name: '041-search-changes', sql: searchChanges },
  { name: '042-news-product-ids', sql: newsProductIds },
  { name: '043-title-prefixes', sql: titlePrefixes },
  { name: '044-document-search-products', sql: documentSearchProducts },
  { name: '045-product-term-counts', sql: productTermCounts },
  { name: '046-word-pairs', sql: wordPairs },
  { name: '047-case-search-accounts', sql: caseSearchAccounts },
];
