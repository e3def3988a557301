/** A link to the chosen report (docs/api/shares.md §3): how long it works, for whom, and its address, shown once. */
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { CopyButton } from '../../components/copy-button'
import { ErrorNotice, Field, Notice, SelectField } from '../../components/ui'
import type { Choice } from './choice'
import { strings } from './strings'

const VALID_FOR = { day1: 1, days7: 7, days30link: 30, days90link: 90 } as const
type ValidFor = keyof typeof VALID_FOR

export function ShareForm({ choice, ready, onTried, onCreated }: {
  choice: Choice
  /** whether the choice can be sent; when not, the form's fields say why */
  ready: boolean
  onTried: () => void
  onCreated: () => void
}) {
  const t = useT(strings)
  const [validFor, setValidFor] = useState<ValidFor>('days30link')
  const [label, setLabel] = useState('')
  const [url, setUrl] = useState<string>()
  const made = useRef<HTMLInputElement>(null)
  const linkId = useId()
  const create = useAction(async () => {
    // A minute short of the chosen days: a browser clock a little ahead of the server's still asks within 90 days.
    const expires = new Date(Date.now() + VALID_FOR[validFor] * 86_400_000 - 60_000).toISOString()
    const share = await api.post('/shares', {
      label: label.trim() || null, trackers: choice.trackers, from: choice.from, to: choice.to, notes: choice.notes, expires_at: expires,
    })
    setUrl(share.url)
    onCreated()
  })
  // The address is what the person came for: the focus goes to it, ready to copy.
  useLayoutEffect(() => {
    made.current?.focus()
    made.current?.select()
  }, [url])
  const labelError = create.fieldError('label', t('label'))
  const submit = () => {
    onTried()
    setUrl(undefined)
    if (ready) create.run()
  }
  return (
    <section class="card stack" aria-labelledby="report-share">
      <h2 id="report-share">{t('share')}</h2>
      <p class="hint">{t('shareIntro')}</p>
      <form class="stack" onSubmit={onSubmit(submit)} noValidate>
        <SelectField label={t('validFor')} value={validFor} onValue={setValidFor}
          options={(Object.keys(VALID_FOR) as ValidFor[]).map((key) => ({ value: key, label: t(key) }))} />
        <Field label={t('label')} value={label} onValue={setLabel} maxLength={100} error={labelError} />
        <button type="submit" class="primary" disabled={create.pending} aria-busy={create.pending}>{t('create')}</button>
        {/* A refusal of the choice itself (a tracker deleted meanwhile elsewhere) has no field here: said below the button. */}
        {create.error !== undefined && !labelError && <ErrorNotice error={create.error} />}
      </form>
      {url && (
        <Notice kind="success">
          <div class="stack">
            <p>{t('created')}</p>
            <div class="field report-link">
              <label for={linkId}>{t('linkLabel')}</label>
              <input id={linkId} ref={made} readOnly value={url} />
            </div>
            <CopyButton text={url} label={t('copyLink')} />
          </div>
        </Notice>
      )}
    </section>
  )
}
