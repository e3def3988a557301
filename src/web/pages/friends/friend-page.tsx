/** A person's page, opened from a list of friends or requests: `/friends/{id}` (person-view.tsx). */
import { useRoute } from 'preact-iso'
import { PersonView } from './person-view'

export default function FriendPage() {
  const { params } = useRoute()
  return <PersonView userId={params.userId ?? ''} fromLink={false} />
}
