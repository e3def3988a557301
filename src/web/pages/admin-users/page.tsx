/**
 * The admin's user list (docs/api/users.md §8): adding a member with a one-time link to hand over, search by name or
 * e-mail (as you type, or on Enter), pages, and per user the role, the e-mail verification, a password-reset link and
 * deletion. The table becomes a stacked list on a phone (admin.css).
 */
import { useEffect, useState } from 'preact/hooks'
import { api, request } from '../../lib/api'
import { locale } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, Field, LoadState, Notice, Page, Pager, SelectField } from '../../components/ui'
import { UserRow, type UserSummary } from './user-row'
import { AddMember } from './add-member'
import { strings } from './strings'

const PER_PAGE = [10, 25, 50, 100]
/** Long enough not to ask the server at every keystroke, short enough to feel immediate. */
const SEARCH_DELAY_MS = 300

export default function AdminUsersPage() {
  const t = useT(strings)
  const lang = useLang()
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState(50)
  const [deleted, setDeleted] = useState<string>()

  const search = (value: string) => {
    setQ(value.trim())
    setPage(1)
    setDeleted(undefined)
  }
  useEffect(() => {
    const timer = setTimeout(() => { if (typed.trim() !== q) search(typed) }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])

  // Whether a verification mail can be sent again: only where the server verifies addresses.
  const instance = useLoad((signal) => api.get('/instance', { signal }), [])
  const list = useLoad(async (signal) => {
    const params = new URLSearchParams({ page: String(page), per_page: String(perPage) })
    if (q) params.set('q', q)
    return request('GET', `/users?${params}`, undefined, { signal })
  }, [q, page, perPage])

  // A deletion can empty the last page: show the page that is now the last one.
  const lastPage = list.data?.meta?.pagination.last_page
  useEffect(() => { if (lastPage !== undefined && page > lastPage) setPage(lastPage) }, [lastPage, page])

  return (
    <Page title={t('title')} wide>
      <AddMember onAdded={list.reload} />
      <form class="user-search row" role="search" onSubmit={(e) => { e.preventDefault(); search(typed) }}>
        <Field label={t('search')} type="search" value={typed} maxLength={255} onValue={setTyped} />
        <button type="submit">{t('searchButton')}</button>
        <SelectField class="per-page" label={t('perPage')} value={String(perPage)} onValue={(value) => { setPerPage(Number(value)); setPage(1) }}
          options={PER_PAGE.map((n) => ({ value: String(n), label: String(n) }))} />
      </form>
      {deleted && <Notice kind="success">{deleted}</Notice>}
      <LoadState loaded={list}>
        {({ data: users, meta }) => {
          const pagination = meta!.pagination
          if (users.length === 0) return <Empty>{q ? t('noneFound', { q }) : t('none')}</Empty>
          return (
            <>
              <p class="muted" role="status">
                {pagination.total === 1 ? t('totalOne') : t('total', { total: new Intl.NumberFormat(locale(lang)).format(pagination.total) })}
              </p>
              <table class="admin-table user-table">
                <thead>
                  <tr>
                    <th scope="col">{t('name')}</th><th scope="col">{t('email')}</th><th scope="col">{t('role')}</th>
                    <th scope="col">{t('verified')}</th><th scope="col">{t('created')}</th><th scope="col">{t('actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <UserRow key={user.id} user={user} emailVerification={instance.data?.email_verification ?? false} onChanged={list.reload}
                      onDeleted={(gone) => { setDeleted(t('deleted', { name: gone.name })); list.reload() }} />
                  ))}
                </tbody>
              </table>
              <Pager page={pagination.current_page} last={pagination.last_page} onPage={setPage} />
            </>
          )
        }}
      </LoadState>
    </Page>
  )
}
