/** The shapes of friends.md §1 and users.md §5, as the pages use them. */
export interface Person { id: string; name: string; profile_image_path: string | null; profile_image_url: string | null }

export interface Friend extends Person { user_id: string; friends_since: string }

export interface FriendRequest {
  id: number
  status: 'pending' | 'accepted' | 'rejected'
  direction: 'sent' | 'received'
  sender_id: string
  receiver_id: string
  user: Person
  created_at: string
  updated_at: string
}

export interface PublicProfile extends Person { is_friend: boolean; friends_since: string | null }
