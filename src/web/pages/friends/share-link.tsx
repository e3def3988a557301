/**
 * The user's own link, `/friends/add/{id}`: whoever opens it sees the user's name and sends a request with one tap
 * (add-page.tsx). The friend ID under it is for the ID form of someone who cannot open links.
 */
import { useT } from '../../lib/i18n'
import { CopyButton } from '../../components/copy-button'
import { addLink } from './add-link'
import { strings } from './strings'

export function ShareLink({ id }: { id: string }) {
  const t = useT(strings)
  const link = addLink(id)
  return (
    <section class="card social-card stack" aria-labelledby="my-link-heading">
      <h2 id="my-link-heading">{t('yourLink')}</h2>
      <p class="friend-id-row"><code class="friend-id">{link}</code> <CopyButton text={link} label={t('copyLink')} /></p>
      <p class="hint">{t('yourLinkHint')}</p>
      <p class="friend-id-row"><span class="hint">{t('yourId')}:</span> <code class="friend-id">{id}</code> <CopyButton text={id} label={t('copyId')} /></p>
    </section>
  )
}
