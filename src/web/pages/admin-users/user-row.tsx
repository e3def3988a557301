/**
 * One user in the admin's table: change the role, mark the e-mail verified, delete after an in-row
 * confirmation. What the API refuses (docs/api/users.md §8.2, 8.3) is said in a row right under this one.
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
import { strings } from './strings'

/** A user of the admin list, as the API declares it (users/model-shared.ts UserSummary). */
export type UserSummary = ApiData<'get', '/users'>[number]
export type Role = UserSummary['role']

export const COLUMNS = 6

export function UserRow({ user, onChanged, onDeleted }: {
  user: UserSummary
  /** The list reloads after a change (the API's answer is the truth, also for the other rows' order). */
  onChanged: () => void
  onDeleted: (user: UserSummary) => void
}) {
  const t = useT(strings)
  const session = useSession()
  const self = session.user?.id === user.id
  const [role, setRole] = useState<Role>(user.role)
  const [confirming, setConfirming] = useState(false)
  const [done, setDone] = useState<string>()
  const deleteButton = useRef<HTMLButtonElement>(null)
  useEffect(() => setRole(user.role), [user.role])

  // A super admin may hand out every role; an admin only user and admin (the row keeps a super admin's own value).
  const roles: Role[] = session.user?.role === 'super_admin' || user.role === 'super_admin' ? ['user', 'admin', 'super_admin'] : ['user', 'admin']

  const change = useAction(async (body: { role?: Role; confirmed?: boolean }) => {
    setDone(undefined)
    const updated = await api.put(`/users/${user.id}`, body)
    setDone(body.role ? t('roleSaved', { name: updated.name, role: t(`role_${updated.role}`) }) : t('markedVerified', { name: updated.name }))
    // Changing one's own role changes what the app may show: the session learns it at once.
    if (self) await session.refresh()
    onChanged()
  })
  const remove = async () => {
    await api.delete(`/users/${user.id}`)
    onDeleted(user)
  }

  return (
    <>
      <tr>
        <th scope="row" data-label={t('name')}><span>{user.name} {self && <span class="muted">{t('you')}</span>}</span></th>
        <td data-label={t('email')} class="user-email">{user.email}</td>
        <td data-label={t('role')}>
          <form class="role-form" onSubmit={(e) => { e.preventDefault(); change.run({ role }) }}>
            <select aria-label={t('roleOf', { name: user.name })} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {roles.map((r) => <option key={r} value={r}>{t(`role_${r}`)}</option>)}
            </select>
            {role !== user.role && (
              <button type="submit" disabled={change.pending} aria-busy={change.pending}>{t('saveRole')}</button>
            )}
          </form>
        </td>
        <td data-label={t('verified')}>
          <div class="verified-cell">
            <span>{user.confirmed ? t('yes') : t('no')}</span>
            {!user.confirmed && (
              <button type="button" class="small" disabled={change.pending} onClick={() => change.run({ confirmed: true })}>
                {t('markVerified')}<span class="visually-hidden"> {user.name}</span>
              </button>
            )}
          </div>
        </td>
        <td data-label={t('created')}><When iso={user.created_at} /></td>
        <td data-label={t('actions')}>
          <button type="button" class="danger small" ref={deleteButton} aria-expanded={confirming}
            onClick={() => { change.clear(); setDone(undefined); setConfirming(true) }}>
            {t('deleteUser')}<span class="visually-hidden"> {user.name}</span>
          </button>
        </td>
      </tr>
      {(confirming || change.error !== undefined || done) && (
        <tr class="admin-row-extra">
          <td colSpan={COLUMNS}>
            {change.error !== undefined && <RowError error={change.error} />}
            {done && <Notice kind="success">{done}</Notice>}
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
