import { describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, newToken, type TestUser } from '../helpers/fixtures'
import { countRows, insertOwnedRows, userColumns } from './owned-rows'
import { form, png } from './images'
import { importUndo } from '../../src/tables'

const t = useTestApp()

type Role = 'user' | 'admin' | 'super_admin'
const del = (caller: TestUser, id: string) => t.request('DELETE', `/api/v1/users/${id}`, { token: caller.token })
const exists = async (id: string, token: string) => (await t.request('GET', `/api/v1/users/${id}/public-profile`, { token })).status === 200

describe('DELETE /api/v1/users/{user}: permissions', () => {
  const cases: [Role, Role | 'self', number, string?][] = [
    ['user', 'user', 403, 'This action is unauthorized.'],
    ['user', 'self', 403, 'This action is unauthorized.'],
    ['admin', 'self', 403, 'You cannot delete your own account.'],
    ['admin', 'user', 200],
    ['admin', 'admin', 200],
    ['admin', 'super_admin', 403, 'You cannot modify a super administrator.'],
    ['super_admin', 'self', 403, 'You cannot delete your own account.'],
    ['super_admin', 'user', 200],
    ['super_admin', 'admin', 200],
    ['super_admin', 'super_admin', 200],
  ]
  for (const [callerRole, targetRole, status, message] of cases) {
    test(`${callerRole} → ${targetRole}: ${status}`, async () => {
      const caller = await createUser(t, { role: callerRole })
      const target = targetRole === 'self' ? caller : await createUser(t, { role: targetRole })
      const r = await del(caller, target.id)
      expect(r.status).toBe(status)
      if (status === 200) {
        expect(r.body).toEqual({ success: true, message: 'User deleted successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
        expect(await exists(target.id, caller.token)).toBe(false)
      } else {
        expect(r.body).toMatchObject({ code: 'forbidden', message })
        expect(await exists(target.id, caller.token)).toBe(true)
      }
    })
  }

  test('401 without a token; the role check (403) comes before the lookup (404)', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const u = await createUser(t)
    const unknown = '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d'
    expect((await t.request('DELETE', `/api/v1/users/${u.id}`)).status).toBe(401)
    expect((await del(u, unknown)).status).toBe(403)
    expect((await del(admin, unknown)).status).toBe(404)
    expect((await del(admin, 'not-a-uuid')).status).toBe(404)
    // ids compare case-insensitively
    expect((await del(admin, u.id.toUpperCase())).status).toBe(200)
  })
})

describe('DELETE /api/v1/users/{user}: everything the user owns goes', () => {
  test('every table referring to users cascades (checked against the live schema)', () => {
    const columns = userColumns(t)
    expect(columns.length).toBeGreaterThan(0)
    for (const c of columns) expect(`${c.table}.${c.column}: ${c.onDelete}`).toBe(`${c.table}.${c.column}: CASCADE`)
    // tables without a user foreign key must not hold user ids in some other column
    const sqlite = t.deps.db.$client
    const linked = new Set(columns.map((c) => c.table))
    // Ordinary tables: the search index's FTS5 tables (virtual, shadow) hold no user id; their rows follow search_docs'.
    const tables = (sqlite.query(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`).all() as { name: string }[]).map((r) => r.name)
    // a table whose rows cascade from a linked one goes with them (import_undo from import_jobs)
    const parents = (name: string) => sqlite.query(`SELECT "table" AS target, on_delete FROM pragma_foreign_key_list(?)`).all(name) as { target: string; on_delete: string }[]
    for (let grew = true; grew;) {
      grew = false
      for (const name of tables) {
        if (!linked.has(name) && parents(name).some((fk) => linked.has(fk.target) && fk.on_delete === 'CASCADE')) { linked.add(name); grew = true }
      }
    }
    expect(linked.has('import_undo')).toBe(true)
    const unlinked = tables.filter((name) => !linked.has(name)).sort()
    expect(unlinked).toEqual(['backup_runs', 'bot_state', 'rate_limit_buckets', 'users'])
  })

  test('rows in every table and the files are removed; other users keep theirs', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const victim = await createUser(t)
    const other = await createUser(t)
    newToken(t, victim.id, 'mobile')
    const { exportJobId } = insertOwnedRows(t, victim.id, other.id)
    insertOwnedRows(t, other.id, admin.id)
    await t.request('POST', '/api/v1/users/me/profile-image', { token: victim.token, body: form({ image: { bytes: png() } }) })
    await t.request('POST', '/api/v1/users/me/profile-image', { token: other.token, body: form({ image: { bytes: png() } }) })
    const clipDir = join(t.dataDir, 'files', 'user', victim.id, 'clipboard')
    mkdirSync(clipDir, { recursive: true })
    writeFileSync(join(clipDir, `${'a'.repeat(32)}.png`), png())
    const exportsDir = join(t.dataDir, 'exports', victim.id)
    mkdirSync(exportsDir, { recursive: true })
    writeFileSync(join(exportsDir, `export_${exportJobId}.zip`), 'zip')
    const part = join(t.dataDir, 'exports', 'tmp', `export_${exportJobId}.zip.part`)
    writeFileSync(part, 'partial')
    const otherExports = join(t.dataDir, 'exports', other.id)
    mkdirSync(otherExports, { recursive: true })

    const columns = userColumns(t)
    const tablesWithVictim = new Set(columns.filter((c) => countRows(t, c.table, c.column, victim.id) > 0).map((c) => c.table))
    // the fixture really covers every table that refers to a user
    expect([...tablesWithVictim].sort()).toEqual([...new Set(columns.map((c) => c.table))].sort())

    const r = await del(admin, victim.id)
    expect(r.status).toBe(200)
    expect(countRows(t, 'users', 'id', victim.id)).toBe(0)
    for (const c of columns) expect(`${c.table}.${c.column}=${countRows(t, c.table, c.column, victim.id)}`).toBe(`${c.table}.${c.column}=0`)
    expect(existsSync(join(t.dataDir, 'files', 'user', victim.id))).toBe(false)
    expect(existsSync(exportsDir)).toBe(false)
    expect(existsSync(part)).toBe(false)
    expect((await t.request('GET', '/api/v1/users/me', { token: victim.token })).status).toBe(401)
    // rows linked through another table's (an import's undo entries) go too, the other user's stay
    expect(t.deps.db.select().from(importUndo).all().map((r) => r.target)).toEqual([`undo-${other.id}`])

    // the other user: rows (except the friendship data shared with the victim) and files intact
    for (const table of ['access_tokens', 'passkeys', 'clipboard_entries', 'check_ins', 'chatbot_connections', 'export_jobs', 'library_items']) {
      expect(`${table}=${countRows(t, table, 'user_id', other.id)}`).toBe(`${table}=1`)
    }
    expect(countRows(t, 'friendships', 'user_low', other.id) + countRows(t, 'friendships', 'user_high', other.id)).toBe(1)
    expect(existsSync(join(t.dataDir, 'files', 'user', other.id, 'profile'))).toBe(true)
    expect(existsSync(otherExports)).toBe(true)
    expect((await t.request('GET', '/api/v1/users/me', { token: other.token })).status).toBe(200)
  })

  test('a user without any files or rows is deleted too', async () => {
    const admin = await createUser(t, { role: 'super_admin' })
    const plain = await createUser(t)
    expect((await del(admin, plain.id)).status).toBe(200)
    expect(countRows(t, 'users', 'id', plain.id)).toBe(0)
    expect((await del(admin, plain.id)).status).toBe(404)
  })
})
