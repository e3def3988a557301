/** The user's own id, which others type to send a friend request (docs/api/friends.md: the "friend ID"). */
import { useT } from '../../lib/i18n'
import { CopyButton } from '../../components/copy-button'
import { strings } from './strings'

export function MyFriendId({ id }: { id: string }) {
  const t = useT(strings)
  return (
    <section class="card social-card stack" aria-labelledby="my-id-heading">
      <h2 id="my-id-heading">{t('myId')}</h2>
      <p class="friend-id-row"><code class="friend-id">{id}</code> <CopyButton text={id} label={t('copyId')} /></p>
      <p class="hint">{t('myIdHint')}</p>
    </section>
  )
}
