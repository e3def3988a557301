/**
 * Server-side WebAuthn challenges (docs/api/auth.md §4.1): the library's 32 random bytes as unpadded base64url (the
 * form clients echo back in clientDataJSON), 5 minutes, single use. Registration challenges are keyed by
 * user (one live challenge each); authentication challenges by their own value, optionally bound to the
 * user whose passkeys the options listed.
 */
import { and, eq, lte } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { MINUTE } from '../../lib/clock'
import { webauthnChallenges } from './schema'

export const CHALLENGE_TTL_MS = 5 * MINUTE

export type ChallengeRow = typeof webauthnChallenges.$inferSelect

/** What an assertion's challenge was made for: signing in, or a signed-in user proving it is them. */
export type AssertionKind = Extract<ChallengeRow['kind'], 'authentication' | 'reauthentication'>

/** Stores the user's registration challenge, replacing any earlier one. */
export function storeRegistrationChallenge(deps: Pick<Deps, 'db' | 'clock'>, userId: string, challenge: string): void {
  const expiresAt = deps.clock.now() + CHALLENGE_TTL_MS
  deps.db.transaction((tx) => {
    tx.delete(webauthnChallenges).where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.kind, 'registration'))).run()
    tx.insert(webauthnChallenges).values({ challenge, kind: 'registration', userId, expiresAt }).run()
  })
}

export function storeAuthenticationChallenge(deps: Pick<Deps, 'db' | 'clock'>, kind: AssertionKind, challenge: string, userId: string | null): void {
  const expiresAt = deps.clock.now() + CHALLENGE_TTL_MS
  deps.db.insert(webauthnChallenges).values({ challenge, kind, userId, expiresAt }).run()
}

/**
 * Takes (deletes) the user's registration challenge: any attempt uses it up, whatever its outcome.
 * Returns it only while unexpired.
 */
export function takeRegistrationChallenge(deps: Pick<Deps, 'db' | 'clock'>, userId: string): ChallengeRow | undefined {
  const rows = deps.db.delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.kind, 'registration')))
    .returning().all()
  return live(deps, rows[0])
}

/**
 * Takes (deletes) an assertion's challenge of `kind` by its value; returns it only while unexpired. One of another kind
 * stays, unused.
 */
export function takeAuthenticationChallenge(deps: Pick<Deps, 'db' | 'clock'>, kind: AssertionKind, challenge: string): ChallengeRow | undefined {
  const row = deps.db.delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.kind, kind)))
    .returning().get()
  return live(deps, row)
}

function live(deps: Pick<Deps, 'clock'>, row: ChallengeRow | undefined): ChallengeRow | undefined {
  return row && row.expiresAt > deps.clock.now() ? row : undefined
}

/** Hourly housekeeping and start-up recovery: drop challenges nobody can use any more. */
export function purgeExpiredChallenges(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, deps.clock.now())).run())
}
