/** What every request handler can reach: the server's parts and, once authenticated, the caller. */
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { loginSessions, users } from './db/schema.ts';
import type { Mailer } from './mail/mailer.ts';

export interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The clock; tests may move it. */
  now: () => Date;
}

export type UserRow = typeof users.$inferSelect;
export type LoginSessionRow = typeof loginSessions.$inferSelect;

export interface Caller {
  user: UserRow;
  session: LoginSessionRow;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    caller: Caller;
  };
}
