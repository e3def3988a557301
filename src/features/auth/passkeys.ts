/** A user's own passkeys: list, rename, delete (docs/api/auth.md §4.4–4.6). */
import { and, desc, eq } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type { Deps } from '../../lib/deps'
import { iso, isoOrNull } from '../../lib/clock'
import { NotFoundError } from '../../lib/errors'
import type { Actor } from '../../lib/actor'
import { passkeys } from './schema'
import { RenamePasskeyBody } from './passkey-model'
import { readStringList } from '../../lib/stored-json'

export type PasskeyRow = typeof passkeys.$inferSelect

/** docs/api/auth.md §1.3 */
export function presentPasskey(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    created_at: iso(row.createdAt),
    last_used_at: isoOrNull(row.lastUsedAt),
    transports: parseTransports(row.transports),
    aaguid: row.aaguid,
  }
}

export function parseTransports(stored: string | null): string[] | null {
  return stored === null ? null : readStringList(stored) ?? null
}

/** A passkey as excludeCredentials / allowCredentials name it (the library adds `type`). */
export function credentialDescriptor(row: PasskeyRow): { id: string; transports?: string[] } {
  const transports = parseTransports(row.transports)
  return transports ? { id: row.credentialId, transports } : { id: row.credentialId }
}

/** The user's passkeys, newest first. */
export function userPasskeys(deps: Pick<Deps, 'db'>, userId: string): PasskeyRow[] {
  return deps.db.select().from(passkeys).where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id)).all()
}

export function listPasskeys(deps: Pick<Deps, 'db'>, actor: Actor) {
  return userPasskeys(deps, actor.user.id).map(presentPasskey)
}

/** The actor's passkey by path id (a UUID, route-checked; any case); unknown and other users' ids are 404. */
function findOwnPasskey(deps: Pick<Deps, 'db'>, actor: Actor, passkeyId: string): PasskeyRow {
  const row = deps.db.select().from(passkeys)
    .where(and(eq(passkeys.id, passkeyId.toLowerCase()), eq(passkeys.userId, actor.user.id))).get()
  if (!row) throw new NotFoundError()
  return row
}

export function renamePasskey(deps: Pick<Deps, 'db'>, actor: Actor, passkeyId: string, body: Unchecked<typeof RenamePasskeyBody>) {
  const row = findOwnPasskey(deps, actor, passkeyId)
  const input = RenamePasskeyBody.validate(body)
  const updated = deps.db.update(passkeys).set({ name: input.name })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.userId, actor.user.id))).returning().get()
  if (!updated) throw new NotFoundError()
  return presentPasskey(updated)
}

export function deletePasskey(deps: Pick<Deps, 'db'>, actor: Actor, passkeyId: string): null {
  const row = findOwnPasskey(deps, actor, passkeyId)
  deps.db.delete(passkeys).where(and(eq(passkeys.id, row.id), eq(passkeys.userId, actor.user.id))).run()
  return null
}
