/** The person's links (docs/api/shares.md §4–5): what each shows, until when it works, how often it was opened; revoke. */
import { useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { formatDateTime, formatDay, todayIn } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import type { Loaded } from '../../lib/use-load'
import { Confirm } from '../../components/confirm'
import { Empty, LoadState, Notice } from '../../components/ui'
import type { Pick } from './choice'
import { strings } from './strings'

export type Share = ApiData<'get', '/shares'>[number]

export function ShareList({ shares, nameOf, onRevoked }: {
  shares: Loaded<Share[]>
  /** a chosen tracker's name; undefined for an own tracker deleted since (it drops out of the report too) */
  nameOf: (pick: Pick) => string | undefined
  onRevoked: () => void
}) {
  const t = useT(strings)
  const { prefs } = useSession()
  const [revoked, setRevoked] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const when = (iso: string) => formatDateTime(iso, prefs)
  return (
    <section class="card stack" aria-labelledby="report-links">
      {/* A revoked link leaves the list with its button: the focus waits here, where the notice says what happened. */}
      <h2 id="report-links" tabIndex={-1} ref={heading}>{t('links')}</h2>
      {revoked && <Notice kind="success">{t('revoked')}</Notice>}
      <LoadState loaded={shares}>
        {(list) => list.length === 0 ? <Empty>{t('noLinks')}</Empty> : (
          <ul class="list share-list">
            {list.map((share) => {
              const name = share.label ?? t('linkOf', { date: formatDay(todayIn(prefs.timezone, new Date(share.created_at)), prefs.dateFormat) })
              const trackers = share.trackers.map((pick) => nameOf(pick)).filter(Boolean).join(', ')
              const period = t('periodText', { from: formatDay(share.from, prefs.dateFormat), to: formatDay(share.to, prefs.dateFormat) })
              return (
                <li key={share.id} class="share-item">
                  <h3 id={`share-${share.id}`}>{name}</h3>
                  <p>{[trackers, period, share.notes ? t('withNotes') : ''].filter(Boolean).join(' · ')}</p>
                  <p class="hint">
                    {share.active ? t('worksUntil', { when: when(share.expires_at) }) : t('expired', { when: when(share.expires_at) })}
                    {' · '}
                    {share.last_accessed_at ? t('opened', { count: share.access_count, when: when(share.last_accessed_at) }) : t('notOpened')}
                  </p>
                  <div class="row">
                    <Confirm label={t('revoke')} accessibleLabel={t('revokeWhat', { what: name })} describedBy={`share-${share.id}`}
                      question={t('revokeQuestion', { what: name })} confirmLabel={t('yesRevoke')}
                      onConfirm={async () => {
                        await api.delete(`/shares/${share.id}`)
                        setRevoked(true)
                        onRevoked()
                        heading.current?.focus()
                      }} />
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </LoadState>
    </section>
  )
}
