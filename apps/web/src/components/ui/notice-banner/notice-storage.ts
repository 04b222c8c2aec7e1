import { local, session } from '../../../lib/storage/storage.js';

/**
 * §4 Notice banner: "don't show again" is a per-user, per-notice flag in local storage. The
 * key carries both ids, so users sharing a browser do not hide each other's notices, and the
 * notice id is its version: a new notice (alertHidedNew2) has a new key and shows again. The x
 * only closes the notice for this browser session.
 */
export const noticeHiddenKey = (noticeId: string, userId: string): string =>
  `portico.notice.${noticeId}.${userId}.hidden`;

export const noticeClosedKey = (noticeId: string, userId: string): string =>
  `portico.notice.${noticeId}.${userId}.closed`;

export const isNoticeHidden = (noticeId: string, userId: string): boolean =>
  local.get(noticeHiddenKey(noticeId, userId)) === 'true';

export const hideNotice = (noticeId: string, userId: string): void =>
  local.set(noticeHiddenKey(noticeId, userId), 'true');

export const isNoticeClosed = (noticeId: string, userId: string): boolean =>
  session.get(noticeClosedKey(noticeId, userId)) === 'true';

export const closeNotice = (noticeId: string, userId: string): void =>
  session.set(noticeClosedKey(noticeId, userId), 'true');
