/**
 * friends: friends.csv and the friend objects of docs/api/friends.md §1.1, ordered by name (case-insensitive, as the
 * friends list is), then user id. A user's friend list is read whole: sorting by a Unicode-folded name cannot
 * be paged in SQLite, and the list is small next to the paged features.
 */
import { eq, or, sql } from 'drizzle-orm'
import { iso } from '../../../lib/clock'
import { friendships } from '../../friends/schema'
import { presentFriend } from '../../friends/present'
import { users } from '../../users/schema'
import { onePage } from '../readers'
import type { ExportScope, FeatureWriter } from '../scope'
import { writeCsvFile } from './text-file'

function readFriends(scope: ExportScope) {
  const me = scope.user.id
  const other = sql`CASE WHEN ${friendships.userLow} = ${me} THEN ${friendships.userHigh} ELSE ${friendships.userLow} END`
  const rows = scope.db
    .select({ id: users.id, name: users.name, profileImagePath: users.profileImagePath, since: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, other))
    .where(or(eq(friendships.userLow, me), eq(friendships.userHigh, me)))
    .all()
  return rows.sort((a, b) => {
    const an = a.name.toLowerCase()
    const bn = b.name.toLowerCase()
    if (an !== bn) return an < bn ? -1 : 1
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })
}

export const friendsWriter: FeatureWriter = {
  async writeFiles(scope) {
    const count = await writeCsvFile(scope, 'friends.csv', ['User ID', 'Name', 'Friends Since'], onePage(scope, readFriends(scope)),
      (f) => [f.id, f.name, iso(f.since)])
    return { count, files: ['friends.csv'] }
  },
  data: (scope) => ({ pages: onePage(scope, readFriends(scope).map((f) => presentFriend(scope.deps, f, f.since))) }),
}
