import { t } from 'elysia'

/** friends.md 1.2 `user`: the other party of a request. */
export const FriendUser = t.Object({
  id: t.String(),
  name: t.String(),
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
})

/** friends.md 1.1 */
export const Friend = t.Object({
  id: t.String(),
  user_id: t.String(),
  name: t.String(),
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
  friends_since: t.String(),
})

/** friends.md 1.2 */
export const FriendRequest = t.Object({
  id: t.Integer(),
  status: t.Union([t.Literal('pending'), t.Literal('accepted'), t.Literal('rejected')]),
  direction: t.Union([t.Literal('sent'), t.Literal('received')]),
  sender_id: t.String(),
  receiver_id: t.String(),
  user: FriendUser,
  created_at: t.String(),
  updated_at: t.String(),
})

/** friends.md 2.3 (documentation only: validated by the service with the contract's messages) */
export const SendFriendRequestBody = t.Object({ receiver_id: t.String({ format: 'uuid' }) })

export const FriendRequestParams = t.Object({ friendRequest: t.String() })
export const FriendParams = t.Object({ user: t.String() })
