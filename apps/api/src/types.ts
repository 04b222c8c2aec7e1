import type { Env } from './config/env.js';
import type { Db } from './db/db.js';
import type { IssuedAt } from './modules/user-management/index.js';

/** The verified caller of an /api request (set by plugins/auth.ts). */
export interface Caller {
  /** The token's subject: our users.id. */
  userId: string;
  /** When the bearer token was issued: the support desk's session inherits it (ADR 0005). */
  issued?: IssuedAt;
  /** The embedded provider's grant behind the token: the desk session ends with it (ADR 0060). */
  grantId?: string;
}

export interface AppState {
  /** True once migrations (and the demo seed) have run. */
  ready: boolean;
  shuttingDown: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    state: AppState;
    /** plugins/auth.ts: the user a bearer token stands for, when /api would honour it. */
    honouredUserOf(token: string): Promise<string | null>;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Routes under /api that need no bearer token. */
    public?: boolean;
    /** A token is verified when sent (request.caller), but not required (issue 16: labels). */
    optionalAuth?: boolean;
  }
}
