import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { sessions, users, type User } from "../db/schema.ts";
import { TOKEN_LIFETIME_SECONDS } from "./tokens.ts";

/** A session's last use is written at most this often, so reading pages costs no write each. */
const TOUCH_EVERY_MS = 60_000;

export interface LiveSession {
  user: User;
  sessionId: string;
  /** When the session was opened (the login). */
  createdAt: Date;
}

/** A staff session unused this long ends, whatever SESSION_IDLE_MINUTES says (ASVS 7.3.1). */
export const STAFF_IDLE_MS = 30 * 60 * 1000;

/** Why `find` found no live session: a staff member's idled out, or any other reason. */
export type SessionEnd = "staff_idle" | "ended";

export function createSessionStore(db: Db, { idleMs }: { idleMs: number }) {
  return {
    /** A new session for a login or sign-up, lasting `lifetimeSeconds`; its id goes into the token. */
    async open(userId: number, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): Promise<string> {
      const id = randomBytes(18).toString("base64url");
      await db.insert(sessions).values({
        id,
        userId,
        expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
      });
      return id;
    },

    /**
     * The user of a session that is open, unexpired and used within the idle limit (30
     * minutes for staff), or why there is none. Moves the session's last use forward.
     */
    async find(sessionId: string, userId: number): Promise<LiveSession | SessionEnd> {
      const [row] = await db
        .select({ user: users, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            sql`${sessions.expiresAt} > now()`,
          ),
        )
        .limit(1);
      if (!row) return "ended";
      const idleFor = Date.now() - row.lastSeenAt.getTime();
      const staff = row.user.role === "staff";
      if (idleFor > (staff ? Math.min(idleMs, STAFF_IDLE_MS) : idleMs)) {
        return staff ? "staff_idle" : "ended";
      }
      if (idleFor > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
      }
      return { user: row.user, sessionId, createdAt: row.createdAt };
    },

    /** Logs one session out. */
    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Logs every session of the user out (password change or reset, "log out everywhere"). */
    async revokeAll(
      userId: number,
      executor: Db | Tx = db,
      exceptSessionId?: string,
    ): Promise<void> {
      await executor
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
          ),
        );
    },

    /** Removes sessions that can no longer be used: expired, or revoked a day ago. */
    async prune(): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, new Date()),
            lt(sessions.revokedAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
            lt(sessions.lastSeenAt, new Date(Date.now() - idleMs)),
          ),
        )
        .returning({ id: sessions.id });
      return removed.length;
    },
  };
}
