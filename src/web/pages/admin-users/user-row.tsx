/**
 * One user in the admin's table: change the role, mark the e-mail verified or send its verification again, make a
 * password-reset link to hand over, delete after an in-row confirmation. The row offers only what the API allows
 * (row-rules.ts) and says why it offers less; what the API still refuses (someone changed the user meanwhile) is said
 * in a row right under this one, and a refused role puts the select back.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import type { ApiData } from '../../lib/api-types'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { Notice, When } from '../../components/ui'
import { ConfirmQuestion } from '../../components/confirm'
import { RowError } from './row-error'
import { rowRules } from './row-rules'
import { LinkHandOver, type AccountLink } from './link-hand-over'
import { strings } from './strings'

/** A user of the admin list, as the API declares it (users/model-shared.ts UserSummary). */
export type UserSummary = ApiData<'get', '/users'>[number]
export type Role = UserSummary['role']

export const COLUMNS = 6

export function UserRow({ user, emailVerification, onChanged, onDeleted }: {
  user: UserSummary
  /** The server verifies e-mail addresses (GET /instance), so a verification mail can be sent again. */
  emailVerification: boolean
  /** The list reloads after a change (the API's answer is the truth, also for the other rows' order). */
  onChanged: () => void
  onDeleted: (user: UserSummary) => void
}) {
  const t = useT(strings)
  const session = useSession()
  const self = session.user?.id === user.id
  const rules = rowRules({ id: session.user?.id ?? '', role: session.user?.role ?? 'user' }, user, emailVerification)
  const [role, setRole] = useState<Role>(user.role)
  const [confirming, setConfirming] = useState(false)
  const [done, setDone] = useState<string>()
  const [link, setLink] = useState<AccountLink>()
  const deleteButton = useRef<HTMLButtonElement>(null)
  useEffect(() => setRole(user.role), [user.role])

  // Every action of the row shares one pending state and one place for its outcome.
  const act = useAction(async (action: () => Promise<string | void>) => {
    setDone(undefined)
    setLink(undefined)
    setConfirming(false)
    const message = await action()
    if (message) setDone(message)
  })
  const saveRole = async () => {
    const saved = await act.run(async () => {
      const updated = await api.put(`/users/${user.id}`, { role })
      onChanged()
      return t('roleSaved', { name: updated.name, role: t(`role_${updated.role}`) })
    })
    // Refused (someone changed this user meanwhile): the select shows the role the user still has.
    if (!saved) setRole(user.role)
  }
  const markVerified = () => act.run(async () => {
    const updated = await api.put(`/users/${user.id}`, { confirmed: true })
    // Marking oneself verified changes the session's user.
    if (self) await session.refresh()
    onChanged()
    return t('markedVerified', { name: updated.name })
  })
  const resend = () => act.run(async () => {
    await api.post(`/users/${user.id}/resend-verification`)
    return t('verificationSent', { email: user.email })
  })
  const makeLink = () => act.run(async () => {
    setLink((await api.post(`/users/${user.id}/reset-link`)).link)
  })
  const remove = async () => {
    await api.delete(`/users/${user.id}`)
    onDeleted(user)
  }

  const named = (label: string) => <>{label}<span class="visually-hidden"> {user.name}</span></>
  return (
    <>
      <tr>
        <th scope="row" data-label={t('name')}><span>{user.name} {self && <span class="muted">{t('you')}</span>}</span></th>
        <td data-label={t('email')} class="user-email">{user.email}</td>
        <td data-label={t('role')}>
          {rules.changeRole ? (
            <form class="role-form" onSubmit={(e) => { e.preventDefault(); saveRole() }}>
              <select aria-label={t('roleOf', { name: user.name })} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
                {rules.roles.map((r) => <option key={r} value={r}>{t(`role_${r}`)}</option>)}
              </select>
              {role !== user.role && (
                <button type="submit" disabled={act.pending} aria-busy={act.pending}>{t('saveRole')}</button>
              )}
            </form>
          ) : <span>{t(`role_${user.role}`)}</span>}
        </td>
        <td data-label={t('verified')}>
          <div class="verified-cell">
            <span>{user.confirmed ? t('yes') : t('no')}</span>
            {rules.markVerified && (
              <button type="button" class="small" disabled={act.pending} onClick={markVerified}>{named(t('markVerified'))}</button>
            )}
            {rules.resendVerification && (
              <button type="button" class="small" disabled={act.pending} onClick={resend}>{named(t('resendVerification'))}</button>
            )}
          </div>
        </td>
        <td data-label={t('created')}><When iso={user.created_at} /></td>
        <td data-label={t('actions')}>
          <div class="user-actions">
            {rules.resetLink && (
              <button type="button" class="small" disabled={act.pending} onClick={makeLink}>{named(t('resetLink'))}</button>
            )}
            {rules.remove && (
              <button type="button" class="danger small" ref={deleteButton} aria-expanded={confirming}
                onClick={() => { act.clear(); setDone(undefined); setLink(undefined); setConfirming(true) }}>
                {named(t('deleteUser'))}
              </button>
            )}
            {rules.note && <span class="muted row-note">{t(rules.note)}</span>}
          </div>
        </td>
      </tr>
      {(confirming || act.error !== undefined || done || link) && (
        <tr class="admin-row-extra">
          <td colSpan={COLUMNS}>
            {act.error !== undefined && <RowError error={act.error} />}
            {done && <Notice kind="success">{done}</Notice>}
            {link && <LinkHandOver name={user.name} link={link} purpose="reset" />}
            {confirming && (
              <ConfirmQuestion question={t('confirmDelete', { name: user.name })} confirmLabel={t('confirmDeleteButton')} onConfirm={remove}
                onCancel={() => { setConfirming(false); deleteButton.current?.focus() }} renderError={(error) => <RowError error={error} />} />
            )}
          </td>
        </tr>
      )}
    </>
  )
}
