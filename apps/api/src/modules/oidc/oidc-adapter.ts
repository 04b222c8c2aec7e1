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
      return toAdapterPayload(await findPayload(db, model, 'id', id));
    },
    async findByUid(uid) {
      return toAdapterPayload(await findPayload(db, model, 'uid', uid));
    },
    async findByUserCode(userCode) {
      return toAdapterPayload(await findPayload(db, model, 'user_code', userCode));
    },
    async consume(id) {
      await consumePayload(db, model, id);
    },
    async destroy(id) {
      await deletePayload(db, model, id);
    },
    async revokeByGrantId(grantId) {
      await deletePayloadsByGrant(db, grantId);
    },
  });
}
