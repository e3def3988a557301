/**
 * Puts one row into every table that refers to a user, so deletion tests can prove nothing is left behind,
 * and lists every user-referencing column of the live database schema (read from SQLite, not from our code).
 */
import type { TestApp } from '../helpers/app'
import { uuidv7 } from '../../src/lib/crypto'
import {
  accountLinks, activities, botDialogues, chatbotConnections, checkIns, clipboardEntries, emailVerificationTokens, exportJobs, friendRequests,
  friendships, importJobs, importUndo, libraryItems, notificationChannels, notificationDeliveries, notificationSettings, passkeys,
  passwordResetTokens, shares, sports, trackers, webauthnChallenges,
} from '../../src/tables'

/** Rows owned by `userId`; `friendId` is the other side of friend requests (both directions) and the friendship. */
export function insertOwnedRows(t: TestApp, userId: string, friendId: string): { exportJobId: number } {
  const db = t.deps.db
  const now = t.clock.now()
  const tag = userId.slice(-12)
  db.insert(emailVerificationTokens).values({ userId, tokenHash: 'v'.repeat(64), createdAt: now }).run()
  db.insert(passwordResetTokens).values({ userId, tokenHash: 'r'.repeat(64), createdAt: now }).run()
  db.insert(accountLinks).values({ userId, purpose: 'invite', tokenHash: 'i'.repeat(64), createdAt: now, expiresAt: now + 1000 }).run()
  db.insert(passkeys).values({ id: uuidv7(now), userId, credentialId: `cred-${tag}`, publicKey: Buffer.from([1, 2, 3]), createdAt: now }).run()
  db.insert(webauthnChallenges).values({ challenge: `ch-${tag}`, kind: 'registration', userId, expiresAt: now + 300_000 }).run()
  db.insert(clipboardEntries).values({ userId, type: 'text', content: 'hello', createdAt: now, updatedAt: now }).run()
  db.insert(checkIns).values({ userId, date: '2026-06-24', mood: 3, createdAt: now, updatedAt: now }).run()
  db.insert(trackers).values({ userId, name: 'Energy', nameKey: 'energy', kind: 'scale', position: 0, min: 1, max: 5, createdAt: now, updatedAt: now }).run()
  db.insert(activities).values({ userId, name: 'Family', nameKey: 'family', position: 0, createdAt: now, updatedAt: now }).run()
  db.insert(sports).values({ userId, name: 'Climbing', nameKey: 'climbing', position: 0, createdAt: now, updatedAt: now }).run()
  db.insert(shares).values({ userId, tokenHash: `s-${tag}`.padEnd(64, '0'), trackers: '["mood"]', fromDate: '2026-06-01', toDate: '2026-06-24', notes: false, createdAt: now, expiresAt: now + 1000 }).run()
  const [low, high] = userId < friendId ? [userId, friendId] : [friendId, userId]
  db.insert(friendRequests).values({ senderId: userId, receiverId: friendId, pairLow: low, pairHigh: high, status: 'accepted', createdAt: now, updatedAt: now }).run()
  db.insert(friendRequests).values({ senderId: friendId, receiverId: userId, pairLow: low, pairHigh: high, status: 'rejected', createdAt: now, updatedAt: now }).run()
  db.insert(friendships).values({ userLow: low, userHigh: high, createdAt: now }).run()
  db.insert(chatbotConnections).values({ userId, token: `tok-${tag}`, tokenCreatedAt: now, chatId: `chat-${tag}`, createdAt: now, updatedAt: now }).run()
  db.insert(botDialogues).values({ chatId: `chat-${tag}`, userId, text: 'https://example.com', expiresAt: now + 600_000 }).run()
  const job = db.insert(exportJobs).values({ userId, status: 'completed', features: '["clipboard"]', createdAt: now }).returning({ id: exportJobs.id }).get()
  db.insert(libraryItems).values({ id: uuidv7(now), userId, library: 'books', data: '{}', createdAt: now, updatedAt: now }).run()
  const importJob = db.insert(importJobs).values({ userId, status: 'in-progress', mode: 'merge', sizeBytes: 1, createdAt: now }).returning().get()
  db.insert(importUndo).values({ jobId: importJob.id, kind: 'file', target: `undo-${userId}` }).run()
  db.insert(notificationSettings).values({ userId, updatedAt: now }).run()
  const channel = db.insert(notificationChannels).values({ userId, type: 'email', yourDay: true, checkIn: true, createdAt: now, updatedAt: now }).returning().get()
  db.insert(notificationDeliveries).values({ userId, channel: 'telegram', kind: 'your_day', localDate: '2026-06-24', status: 'sent', createdAt: now }).run()
  db.insert(notificationDeliveries).values({ userId, channel: String(channel.id), kind: 'your_day', localDate: '2026-06-24', status: 'sent', createdAt: now }).run()
  return { exportJobId: job.id }
}

export interface UserColumn { table: string; column: string; onDelete: string }

/** Every foreign-key column that points at users(id), from SQLite's own catalogue. */
export function userColumns(t: TestApp): UserColumn[] {
  const sqlite = t.deps.db.$client
  const tables = sqlite.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]
  const out: UserColumn[] = []
  for (const { name } of tables) {
    const fks = sqlite.query(`SELECT "table" AS target, "from" AS col, on_delete FROM pragma_foreign_key_list(?)`).all(name) as { target: string; col: string; on_delete: string }[]
    for (const fk of fks) if (fk.target === 'users') out.push({ table: name, column: fk.col, onDelete: fk.on_delete })
  }
  return out
}

export function countRows(t: TestApp, table: string, column: string, userId: string): number {
  return (t.deps.db.$client.query(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`).get(userId) as { n: number }).n
}
