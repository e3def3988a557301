/** The user's passkeys: the list, and adding one through the browser's passkey prompt (docs/api/auth.md §4.2–4.4). */
import { useRef, useState } from 'preact/hooks'
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import { api } from '../../lib/api'
import { creationOptions } from '../../lib/passkey-options'
import { useT, type Translate } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { onSubmit, useAction } from '../../lib/use-action'
import { Empty, ErrorNotice, Field, LoadState, Notice } from '../../components/ui'
import { PasskeyItem } from './passkey-item'
import type { Note } from './shared'
import { strings } from './strings'

export function PasskeysSection() {
  const t = useT(strings)
  const loaded = useLoad((signal) => api.get('/auth/passkeys', { signal }), [])
  const [note, setNote] = useState<Note>()
  const heading = useRef<HTMLHeadingElement>(null)

  const changed = (text: string, moveFocus = false) => {
    setNote({ kind: 'success', text })
    loaded.reload()
    // The deleted item took the focused button with it: continue from the section's heading.
    if (moveFocus) heading.current?.focus()
  }

  return (
    <section class="card stack account-section" aria-labelledby="account-passkeys">
      <h2 id="account-passkeys" ref={heading} tabIndex={-1}>{t('passkeys')}</h2>
      <p class="hint">{t('passkeysIntro')}</p>
      {note && <Notice kind={note.kind}>{note.text}</Notice>}
      <LoadState loaded={loaded}>
        {(passkeys) => passkeys.length === 0 ? <Empty>{t('noPasskeys')}</Empty> : (
          <ul class="list">
            {passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey}
                onRenamed={(renamed) => changed(t('renamed', { name: renamed.name }))}
                onDeleted={(deleted) => changed(t('deleted', { name: deleted.name }), true)} />
            ))}
          </ul>
        )}
      </LoadState>
      {browserSupportsWebAuthn()
        ? <AddPasskey onAdded={() => { setNote(undefined); loaded.reload() }} />
        : <Notice kind="info">{t('unsupported')}</Notice>}
    </section>
  )
}

/** What to tell the user when the browser's prompt ends without a passkey. */
function browserNote(error: unknown, t: Translate<keyof typeof strings.en>): Note {
  const name = (error as Error).name
  // Closing the prompt (or letting it time out) is the user's choice, not a failure.
  if (name === 'NotAllowedError' || name === 'AbortError') return { kind: 'info', text: t('addCancelled') }
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return { kind: 'info', text: t('alreadyRegistered') }
  return { kind: 'error', text: t('browserFailed') }
}

function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const t = useT(strings)
  const [name, setName] = useState('')
  const [note, setNote] = useState<Note>()
  const add = useAction(async () => {
    setNote(undefined)
    const optionsJSON = creationOptions(await api.post('/auth/passkeys/register-options'))
    let response
    try {
      response = await startRegistration({ optionsJSON })
    } catch (error) {
      return setNote(browserNote(error, t))
    }
    // Without a name the API calls it "Passkey".
    const trimmed = name.trim()
    const passkey = await api.post('/auth/passkeys/register', trimmed ? { response, name: trimmed } : { response })
    setName('')
    setNote({ kind: 'success', text: t('added', { name: passkey.name }) })
    onAdded()
  })

  return (
    <form class="stack account-add" onSubmit={onSubmit(add.run)} noValidate>
      {/* The name is checked before the prompt: a refusal after it would leave an unused passkey on the device. */}
      <Field label={t('addName')} name="passkey-name" value={name} onValue={setName} maxLength={50} hint={t('addNameHint')}
        error={add.fieldError('name', t('addName'))} />
      {note && <Notice kind={note.kind}>{note.text}</Notice>}
      {add.formError !== undefined && <ErrorNotice error={add.formError} />}
      <button type="submit" class="primary" disabled={add.pending} aria-busy={add.pending}>{t('add')}</button>
    </form>
  )
}
