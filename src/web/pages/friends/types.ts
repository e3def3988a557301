/** The shapes of docs/api/friends.md §1 and docs/api/users.md §5, as the API declares them (friends/model.ts). */
import type { ApiData } from '../../lib/api-types'

export type Friend = ApiData<'get', '/friends'>[number]
export type FriendRequest = ApiData<'get', '/friends/requests'>[number]
export type PublicProfile = ApiData<'get', `/users/${string}/public-profile`>
/** What the pages show of anyone: a friend, a request's other party, a profile. */
export type Person = Pick<PublicProfile, 'id' | 'name' | 'profile_image_path' | 'profile_image_url'>
/** What a friend shares (docs/api/users.md §5.1); only a friend's profile has it. */
export type Shared = NonNullable<PublicProfile['shared']>
export type SharedTracker = Shared['trackers'][number]
