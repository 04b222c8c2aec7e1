import { hasControlCharacters } from '@portico/contracts';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../../db/db.js';
import {
  consumePayload,
  deleteExpiredPayloads,
  deletePayload,
  deletePayloadsByGrant,
  findPayload,
  upsertPayload,
  type StoredPayload,
} from './oidc.repository.js';

// Expired rows are invisible to reads at once; they are deleted now and then on writes so the
// table does not grow without bound (no timer: nothing to stop on shutdown, nothing per node).
const PURGE_EVERY_WRITES = 200;

function toAdapterPayload(stored: StoredPayload | undefined): AdapterPayload | undefined {
  if (!stored) return undefined;
  const payload = stored.payload as AdapterPayload;
  return stored.consumedAt
    ? { ...payload, consumed: Math.floor(stored.consumedAt.getTime() / 1000) }
    : payload;
}

/**
 * Ids, uids and user codes arrive from requests (a code at the token endpoint, a client id at
 * /auth). The provider makes every stored one itself, never with control characters, so such
 * a key finds nothing and changes nothing; a NUL would otherwise fail in PostgreSQL (a 500).
 */
const foreignKey = (key: string): boolean => hasControlCharacters(key);

/**
 * The provider's storage in our database (table oidc_payloads), one adapter per model name
 * (Session, Interaction, AuthorizationCode, Grant, …). Every API node sees the same state.
 */
export function createDbAdapterFactory(db: Queryable): AdapterFactory {
  let writes = 0;
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      await upsertPayload(db, {
        model,
        id,
        payload,
        grantId: payload.grantId,
        userCode: payload.userCode,
        uid: payload.uid,
        expiresInSeconds: expiresIn,
      });
      writes += 1;
      if (writes % PURGE_EVERY_WRITES === 0) await deleteExpiredPayloads(db);
    },
    async find(id) {
      if (foreignKey(id)) return undefined;
      return toAdapterPayload(await findPayload(db, model, 'id', id));
    },
    async findByUid(uid) {
      if (foreignKey(uid)) return undefined;
      return toAdapterPayload(await findPayload(db, model, 'uid', uid));
    },
    async findByUserCode(userCode) {
      if (foreignKey(userCode)) return undefined;
      return toAdapterPayload(await findPayload(db, model, 'user_code', userCode));
    },
    async consume(id) {
      if (foreignKey(id)) return;
      await consumePayload(db, model, id);
    },
    async destroy(id) {
      if (foreignKey(id)) return;
      await deletePayload(db, model, id);
    },
    async revokeByGrantId(grantId) {
      await deletePayloadsByGrant(db, grantId);
    },
  });
}
