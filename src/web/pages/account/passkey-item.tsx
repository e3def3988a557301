/**
 * One passkey: its dates, renaming in place, and deleting after an in-page confirmation (docs/api/auth.md §4.5, 4.6).
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { common } from '../../components/strings'
import { ErrorNotice, Field, When } from '../../components/ui'
import { Confirm } from '../../components/confirm'
import { Meta, type Passkey } from './shared'
import { strings } from './strings'

type Mode = 'view' | 'rename'

export function PasskeyItem({ passkey, onRenamed, onDeleted }: {
  passkey: Passkey; onRenamed: (passkey: Passkey) => void; onDeleted: (passkey: Passkey) => void
}) {
  const t = useT(strings)
  const tc = useT(common)
  const titleId = useId()
  const [mode, setMode] = useState<Mode>('view')
  const [name, setName] = useState(passkey.name)
  const item = useRef<HTMLLIElement>(null)
  // Where the keyboard goes when the mode changes: into the new controls, and back to the button that left "view".
  const focusNext = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (!focusNext.current) return
    item.current?.querySelector<HTMLElement>(focusNext.current)?.focus()
    focusNext.current = undefined
  }, [mode])

  const switchTo = (next: Mode, focus: string) => {
    focusNext.current = focus
    setMode(next)
  }

  const rename = useAction(async () => {
    const renamed = await api.put(`/auth/passkeys/${passkey.id}`, { name })
    switchTo('view', '[data-action=rename]')
    onRenamed(renamed)
  })
  const remove = async () => {
    await api.delete(`/auth/passkeys/${passkey.id}`)
    onDeleted(passkey)
  }

  const startRename = () => {
    setName(passkey.name)
    rename.clear()
    switchTo('rename', 'input')
  }

  return (
    <li class="account-item" ref={item}>
      {mode === 'rename' ? (
        <form class="stack account-item-main" onSubmit={onSubmit(rename.run)} noValidate>
          <Field label={t('renameLabel', { name: passkey.name })} name="name" value={name} onValue={setName} maxLength={50}
            error={rename.fieldError('name', t('renameLabel', { name: passkey.name }))} />
          {rename.formError !== undefined && <ErrorNotice error={rename.formError} />}
          <div class="row">
            <button type="submit" class="primary" disabled={rename.pending} aria-busy={rename.pending}>{tc('save')}</button>
            <button type="button" onClick={() => switchTo('view', '[data-action=rename]')}>{tc('cancel')}</button>
          </div>
        </form>
      ) : (
        <div class="account-item-main">
          <p class="account-item-title" id={titleId}>{passkey.name}</p>
          <Meta items={[
            [t('created'), <When iso={passkey.created_at} />],
            [t('lastUsed'), passkey.last_used_at ? <When iso={passkey.last_used_at} /> : t('neverUsed')],
          ]} />
        </div>
      )}
      {mode === 'view' && (
        <div class="row account-actions">
          <button type="button" data-action="rename" aria-describedby={titleId} onClick={startRename}>{t('rename')}</button>
          <Confirm describedBy={titleId} question={t('confirmDelete', { name: passkey.name })} onConfirm={remove} />
        </div>
      )}
    </li>
  )
}
