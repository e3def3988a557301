import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { IntIdParam, PathParams, UuidParam } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
import { Tracker } from '../trackers/model'

/** docs/api/friends.md §1.2 `user`: the other party of a request. */
export const FriendUser = t.Object({
  id: t.String(),
  name: t.String(),
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
})

/** docs/api/friends.md §1.1 */
export const Friend = t.Object({
  id: t.String(),
  user_id: t.String(),
  name: t.String(),
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
  friends_since: t.String(),
})

/** docs/api/friends.md §1.2 */
export const FriendRequest = t.Object({
  id: Type.Integer(),
  status: t.Union([t.Literal('pending'), t.Literal('accepted'), t.Literal('rejected')]),
  direction: t.Union([t.Literal('sent'), t.Literal('received')]),
  sender_id: t.String(),
  receiver_id: t.String(),
  user: FriendUser,
  created_at: t.String(),
  updated_at: t.String(),
})

/**
 * docs/api/friends.md §2.3: the receiver by id or by e-mail address, exactly one of them (checked by the verb, with
 * whether the id names another user).
 */
export const SendFriendRequestBody = rules({
  receiver_id: f.string().describe('UUID of the user to ask (compared case-insensitively); or send `email`'),
  email: f.string().email().describe('The exact e-mail address of the user to ask (case-insensitive); or send `receiver_id`. '
    + 'Answered 202 whether or not the address belongs to anyone'),
})

export const FriendRequestParams = PathParams({ friendRequest: IntIdParam })
export const FriendParams = PathParams({ user: UuidParam })

/** The fields of a tracker a friend needs to show its values (docs/api/users.md §5.1). */
export const SHARED_TRACKER_FIELDS = ['id', 'name', 'kind', 'emoji', 'min', 'max', 'min_label', 'max_label', 'unit', 'decimals'] as const

/** docs/api/users.md §5.1: one tracker a friend shares, with its values of the shared days. */
const SharedTracker = t.Composite([
  t.Pick(Tracker, SHARED_TRACKER_FIELDS),
  t.Object({
    days: t.Array(t.Object({ date: t.String({ description: 'YYYY-MM-DD' }), value: t.Number() }),
      { description: 'the days from `from` to `to` with a value, oldest first' }),
  }),
])

/** docs/api/users.md §5.1: what a friend shares with the caller. */
const Shared = t.Object({
  from: t.String({ description: 'the first shared day, YYYY-MM-DD in the person\'s calendar' }),
  to: t.String({ description: 'the person\'s today' }),
  trackers: t.Array(SharedTracker),
  streak: t.Nullable(t.Object({ current: Type.Integer(), longest: Type.Integer() })),
}, { description: 'only for a friend of the person: what they share with their friends' })

/** docs/api/users.md §5: another user's public profile, with the caller's friendship to them. */
export const PublicProfile = t.Object({
  id: t.String(),
  name: t.String(),
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
  is_friend: t.Boolean(),
  friends_since: t.Nullable(t.String()),
  shared: t.Optional(Shared),
})
