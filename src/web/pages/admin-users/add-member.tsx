/**
 * "Add a member" (docs/api/users.md §8.4): name, e-mail and role; then the one-time link to hand over, which the member
 * opens to choose a password or a passkey.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, SelectField } from '../../components/ui'
import { LinkHandOver, type AccountLink } from './link-hand-over'
import { strings } from './strings'

type NewRole = 'user' | 'admin'

export function AddMember({ onAdded }: { onAdded: () => void }) {
  const t = useT(strings)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<NewRole>('user')
  const [added, setAdded] = useState<{ name: string; link: AccountLink }>()

  const add = useAction(async () => {
    setAdded(undefined)
    const created = await api.post('/users', { name, email, role })
    setAdded({ name: created.user.name, link: created.link })
    setName('')
    setEmail('')
    setRole('user')
    onAdded()
  })

  return (
    <section class="card stack add-member" aria-labelledby="add-member-title">
      <h2 id="add-member-title">{t('addTitle')}</h2>
      <p class="hint">{t('addIntro')}</p>
      <form class="add-member-form" onSubmit={onSubmit(add.run)} noValidate>
        <Field label={t('addName')} name="name" autocomplete="off" required maxLength={255} value={name} onValue={setName}
          error={add.fieldError('name', t('addName'))} />
        <Field label={t('addEmail')} type="email" name="email" autocomplete="off" required value={email} onValue={setEmail}
          error={add.fieldError('email', t('addEmail'))} />
        <SelectField label={t('addRole')} name="role" value={role} onValue={setRole} error={add.fieldError('role', t('addRole'))}
          options={[{ value: 'user', label: t('role_user') }, { value: 'admin', label: t('role_admin') }]} />
        <button type="submit" class="primary" disabled={add.pending} aria-busy={add.pending}>{t('addSubmit')}</button>
      </form>
      {add.formError !== undefined && <ErrorNotice error={add.formError} />}
      {added && <LinkHandOver name={added.name} link={added.link} purpose="invite" />}
    </section>
  )
}
