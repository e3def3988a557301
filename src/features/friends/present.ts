import type { Deps } from '../../lib/deps'
import { iso } from '../../lib/clock'
import { presentProfile } from '../users/present'
import { users, type UserRow } from '../users/schema'

export type FriendUserRow = Pick<UserRow, 'id' | 'name' | 'profileImagePath'>
/** The columns of a FriendUserRow, for selects that show a person (docs/api/friends.md §1.2 `user`). */
export const partyColumns = { id: users.id, name: users.name, profileImagePath: users.profileImagePath }

export interface FriendRequestRow {
  id: number
  senderId: string
  receiverId: string
  status: 'pending' | 'accepted' | 'rejected'
  createdAt: number
  updatedAt: number
}

/** docs/api/friends.md §1.2 `user` */
export function presentFriendUser(deps: Pick<Deps, 'config'>, user: FriendUserRow) {
  return { id: user.id, name: user.name, ...presentProfile(deps, user) }
}

/** docs/api/friends.md §1.1 */
export function presentFriend(deps: Pick<Deps, 'config'>, user: FriendUserRow, friendsSince: number) {
  return { id: user.id, user_id: user.id, name: user.name, ...presentProfile(deps, user), friends_since: iso(friendsSince) }
}

/** docs/api/friends.md §1.2, seen by `actorId`; `other` is the party that is not the actor. */
export function presentFriendRequest(deps: Pick<Deps, 'config'>, actorId: string, row: FriendRequestRow, other: FriendUserRow) {
  return {
    id: row.id,
    status: row.status,
    direction: row.senderId === actorId ? 'sent' as const : 'received' as const,
    sender_id: row.senderId,
    receiver_id: row.receiverId,
    user: presentFriendUser(deps, other),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}
