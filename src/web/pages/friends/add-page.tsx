/**
 * The page behind a user's link, `/friends/add/{id}` (share-link.tsx): the same person view, worded for someone who
 * came to send a request. Signed out, the router sends the visitor through sign-in and back here.
 */
import { useRoute } from 'preact-iso'
import { PersonView } from './person-view'

export default function AddPage() {
  const { params } = useRoute()
  return <PersonView userId={params.userId ?? ''} fromLink />
}
