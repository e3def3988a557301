/**
 * One's own name and e-mail address (docs/api/users.md §2.1). With verification on, a new address waits for the link
 * mailed to it: the section says so, and can withdraw the change.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession, type User } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice } from '../../components/ui'
import type { Note } from './shared'
import { strings } from './strings'

export function ProfileSection({ user }: { user: User }) {
  const t = useT(strings)
  const session = useSession()
  const [name, setName] = useState(user.name)
  const [email, setEmail] = useState(user.email)
  const [note, setNote] = useState<Note>()

  const saved = async (updated: User, text: string) => {
    setName(updated.name)
    setEmail(updated.email)
    setNote({ kind: 'success', text })
    // The shell and other pages show the name and address too.
    await session.refresh()
  }
  const save = useAction(async () => {
    setNote(undefined)
    // The address goes only when it was changed: sending today's address withdraws a pending change.
    const updated = await api.patch('/users/me', email === user.email ? { name } : { name, email })
    const waiting = updated.pending_email !== null && updated.pending_email !== user.pending_email
    await saved(updated, waiting ? t('confirmationSent', { email: updated.pending_email! }) : t('profileSaved'))
  })
  const withdraw = useAction(async () => {
    setNote(undefined)
    const updated = await api.patch('/users/me', { email: user.email })
    await saved(updated, t('changeCancelled', { current: updated.email }))
  })

  return (
    <section class="card account-section account-profile" aria-labelledby="account-profile">
      <h2 id="account-profile">{t('profile')}</h2>
      <form class="stack" onSubmit={onSubmit(save.run)} noValidate>
        <p class="hint">{t('profileIntro')}</p>
        <Field label={t('name')} name="name" autocomplete="name" value={name} onValue={setName} maxLength={255}
          error={save.fieldError('name', t('name'))} />
        <Field label={t('email')} type="email" name="email" autocomplete="email" value={email} onValue={setEmail}
          error={save.fieldError('email', t('email'))} />
        {user.pending_email !== null && (
          <div class="notice notice-info stack" role="status">
            <p><strong>{t('pending', { email: user.pending_email })}</strong></p>
            <p>{t('pendingHint', { current: user.email })}</p>
            {withdraw.error !== undefined && <ErrorNotice error={withdraw.error} />}
            <div class="row">
              <button type="button" onClick={() => withdraw.run()} disabled={withdraw.pending} aria-busy={withdraw.pending}>
                {t('cancelChange', { current: user.email })}
              </button>
            </div>
          </div>
        )}
        {save.formError !== undefined && <ErrorNotice error={save.formError} />}
        {note && <Notice kind={note.kind}>{note.text}</Notice>}
        <button type="submit" class="primary" disabled={save.pending} aria-busy={save.pending}>{t('saveProfile')}</button>
      </form>
    </section>
  )
}
