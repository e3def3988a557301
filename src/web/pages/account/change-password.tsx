/** Changing the password (docs/api/users.md §4): the API signs out every other device and keeps this one. */
import { useState } from 'preact/hooks'
import { api, ApiError } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice } from '../../components/ui'
import { strings } from './strings'

/** This endpoint's own refusals (docs/api/users.md §4), which the shared message templates do not cover. */
const OWN_MESSAGES: Record<string, 'wrongCurrent' | 'sameAsCurrent'> = {
  'The current password is incorrect.': 'wrongCurrent',
  'The new password must be different from your current password.': 'sameAsCurrent',
}

export function ChangePasswordSection({ onChanged }: { onChanged: () => void }) {
  const t = useT(strings)
  const { user } = useSession()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [done, setDone] = useState(false)
  const change = useAction(async () => {
    setDone(false)
    await api.put('/users/change-password', { current_password: current, new_password: next, new_password_confirmation: confirmation })
    setCurrent('')
    setNext('')
    setConfirmation('')
    setDone(true)
    onChanged()
  })
  const fieldError = (name: string, label: string) => {
    const message = change.error instanceof ApiError ? change.error.field(name) : undefined
    const own = message && OWN_MESSAGES[message]
    return own ? t(own) : change.fieldError(name, label)
  }

  return (
    <section class="card account-section" aria-labelledby="account-password">
      <h2 id="account-password">{t('password')}</h2>
      <form class="stack" onSubmit={onSubmit(change.run)} noValidate>
        <p class="hint">{t('passwordOthersNote')}</p>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autocomplete="username" value={user?.email ?? ''} readOnly hidden />
        <Field label={t('currentPassword')} type="password" name="current_password" autocomplete="current-password" value={current}
          onValue={setCurrent} error={fieldError('current_password', t('currentPassword'))} />
        <Field label={t('newPassword')} type="password" name="new_password" autocomplete="new-password" value={next} onValue={setNext}
          hint={t('newPasswordHint')} error={fieldError('new_password', t('newPassword'))} />
        <Field label={t('confirmPassword')} type="password" name="new_password_confirmation" autocomplete="new-password"
          value={confirmation} onValue={setConfirmation} error={fieldError('new_password_confirmation', t('confirmPassword'))} />
        {change.formError !== undefined && <ErrorNotice error={change.formError} />}
        {done && <Notice kind="success">{t('passwordChanged')}</Notice>}
        <button type="submit" class="primary" disabled={change.pending} aria-busy={change.pending}>{t('changePassword')}</button>
      </form>
    </section>
  )
}
