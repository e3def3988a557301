/**
 * Choose the export's ZIP, optionally let its check-ins replace existing ones and its settings and profile picture
 * replace one's own (both off by default), upload; refusals at the field.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { Notice } from '../../components/ui'
import { fileRefusal, uploadError } from './refusal'
import { strings } from './strings'

export function UploadForm({ onStarted }: { onStarted: () => void }) {
  const t = useT(strings)
  const lang = useLang()
  const [file, setFile] = useState<File | null>(null)
  const [replace, setReplace] = useState(false)
  const [withSettings, setWithSettings] = useState(false)
  const [accepted, setAccepted] = useState(false)

  const upload = useAction(async () => {
    setAccepted(false)
    const form = new FormData()
    if (file) form.append('file', file, file.name)
    if (replace) form.append('mode', 'replace')
    if (withSettings) form.append('settings', 'include')
    await api.post('/import', form)
    setAccepted(true)
    onStarted()
  })
  const refusal = fileRefusal(upload.error, t, t('file'), lang)
  const other = upload.error !== undefined && !refusal ? uploadError(upload.error, t, lang) : undefined

  return (
    <form class="card stack import-form" onSubmit={onSubmit(upload.run)} noValidate>
      <div class="field">
        <label for="import-file">{t('file')}</label>
        <input id="import-file" type="file" accept=".zip,application/zip" required
          aria-invalid={refusal ? true : undefined} aria-describedby={refusal ? 'import-file-hint import-file-error' : 'import-file-hint'}
          onChange={(e) => { setFile(e.currentTarget.files?.[0] ?? null); setAccepted(false); upload.clear() }} />
        <p class="hint" id="import-file-hint">{t('fileHint')}</p>
        {refusal && (
          <p class="field-error" id="import-file-error" role="alert">
            {refusal.text}{refusal.detail && <> <span lang="en">{refusal.detail}</span></>}
          </p>
        )}
      </div>
      <div class="check-field">
        <input id="import-replace" type="checkbox" checked={replace} aria-describedby="import-replace-hint"
          onChange={(e) => setReplace(e.currentTarget.checked)} />
        <div>
          <label for="import-replace">{t('replace')}</label>
          <p class="hint" id="import-replace-hint">{t('replaceHint')}</p>
        </div>
      </div>
      <div class="check-field">
        <input id="import-settings" type="checkbox" checked={withSettings} aria-describedby="import-settings-hint"
          onChange={(e) => setWithSettings(e.currentTarget.checked)} />
        <div>
          <label for="import-settings">{t('settings')}</label>
          <p class="hint" id="import-settings-hint">{t('settingsHint')}</p>
        </div>
      </div>
      {other && <Notice kind="error">{other}</Notice>}
      {upload.pending && <p class="hint" role="status">{t('uploading')}</p>}
      {accepted && <Notice kind="success">{t('accepted')}</Notice>}
      <div>
        <button type="submit" class="primary" disabled={upload.pending} aria-busy={upload.pending}>{t('submit')}</button>
      </div>
    </form>
  )
}
