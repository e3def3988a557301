/**
 * Quick add: the user types or pastes, the API says what it is while they type (docs/api/quick-add.md §2), and saving
 * files it into its library (§6). A guess daybook is unsure of (a plain note) is confirmed before saving;
 * picking a type by hand counts as that confirmation.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api, ApiError } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { fieldError } from '../../lib/api-messages'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Notice, Page, SelectField, TextArea } from '../../components/ui'
import { CONTENT_TYPES, libraryNames, libraryPath, typeNames, type ContentType, type Destination } from '../libraries/names'
import { itemTitle } from '../today/library-items'
import { DetectionCard } from './detection-card'
import { DuePicker } from './due-picker'
import { useDetect, type Detection } from './use-detect'
import { strings } from './strings'

export default function QuickAddPage() {
  const t = useT(strings)
  const types = useT(typeNames)
  const names = useT(libraryNames)
  const lang = useLang()
  const [text, setText] = useState('')
  /** A type the user chose by hand; null follows the detection. */
  const [picked, setPicked] = useState<ContentType | null>(null)
  /** The unsure detection waiting for the user's yes. */
  const [confirming, setConfirming] = useState<Detection | null>(null)
  const [saved, setSaved] = useState<{ library: Destination; name: string }>()
  const detect = useDetect(text)
  const input = useRef<HTMLTextAreaElement>(null)
  const typeSelect = useRef<HTMLSelectElement>(null)
  const confirmButton = useRef<HTMLButtonElement>(null)

  const commit = useAction(async (contentType: ContentType) => {
    const item = await api.post('/dashboard/quick-add/commit', { content: text, content_type: contentType })
    setSaved({ library: item.library, name: itemTitle(item) })
    setText('')
    setPicked(null)
    setConfirming(null)
    input.current?.focus()
  })

  // A changed text is a new question: an open confirmation was about the old one.
  useEffect(() => setConfirming(null), [text])
  useEffect(() => { if (confirming) confirmButton.current?.focus() }, [confirming])

  const save = async () => {
    setSaved(undefined)
    // Nothing to recognise: the API's "required" is the answer, told at the field.
    if (text.trim() === '') return commit.run(picked ?? 'note')
    const detection = !detect.stale && detect.detection ? detect.detection : await detect.detectNow(text)
    if (picked) return commit.run(picked)
    if (!detection) return
    if (detection.needs_confirmation) return setConfirming(detection)
    return commit.run(detection.content_type)
  }

  /** A new text, typed or written by the date picker: the last save's message and error are about the old one. */
  const changeText = (value: string) => {
    setText(value)
    setSaved(undefined)
    commit.clear()
  }

  const chooseOther = () => {
    setConfirming(null)
    typeSelect.current?.focus()
  }

  const detection = text.trim() === '' ? undefined : detect.detection
  const commitError = commit.error instanceof ApiError && commit.error.code === 'conflict' ? undefined : commit.formError
  const detectFieldError = fieldError(detect.error, 'content', t('input'), lang)
  const contentError = commit.fieldError('content', t('input')) ?? (detectFieldError && !detect.stale ? detectFieldError : undefined)

  return (
    <Page title={t('title')}>
      <form class="card stack quick-add" onSubmit={onSubmit(save)} noValidate>
        <TextArea label={t('input')} hint={t('hint')} name="content" rows={4} value={text} textRef={input}
          onValue={changeText}
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); save() } }}
          error={contentError} />
        {(picked === null || picked === 'todo') && (
          <DuePicker text={text} onText={changeText}
            detected={detection && !detect.stale && 'due_at' in detection.metadata ? detection.metadata.due_at : null} />
        )}
        <details class="hint">
          <summary>{t('tips')}</summary>
          <ul>
            <li>{t('tipDue')}</li>
            <li>{t('tipRepeat')}</li>
            <li>{t('tipTags')}</li>
          </ul>
        </details>

        <p class="visually-hidden" role="status">
          {detection && !detect.stale ? `${t('detected')} ${types(detection.content_type)}` : ''}
        </p>
        {detect.pending && <p class="hint detecting"><span class="spinner" aria-hidden="true" />{t('detecting')}</p>}
        {detect.error !== undefined && !detectFieldError && !detect.stale && <ErrorNotice error={detect.error} />}
        {detection && <DetectionCard detection={detection} stale={detect.stale} />}

        <SelectField label={t('saveAs')} selectRef={typeSelect} value={picked ?? ''} error={commit.fieldError('content_type', t('saveAs'))}
          onValue={(value) => { setPicked((value || null) as ContentType | null); setConfirming(null) }}
          options={[
            { value: '', label: detection ? t('autoWith', { type: types(detection.content_type) }) : t('auto') },
            ...CONTENT_TYPES.map((type) => ({ value: type, label: types(type) })),
          ]} />

        {confirming ? (
          <div class="confirm-type" role="group" aria-labelledby="confirm-type-question">
            <p id="confirm-type-question">{t('unsure', { type: types(confirming.content_type) })}</p>
            <div class="row">
              <button type="button" class="primary" ref={confirmButton} disabled={commit.pending} aria-busy={commit.pending}
                onClick={() => commit.run(confirming.content_type)}>
                {t('confirmYes', { type: types(confirming.content_type) })}
              </button>
              <button type="button" onClick={chooseOther}>{t('confirmOther')}</button>
            </div>
          </div>
        ) : (
          <button type="submit" class="primary" disabled={commit.pending} aria-busy={commit.pending}>
            {commit.pending ? t('saving') : t('save')}
          </button>
        )}
        {commit.error instanceof ApiError && commit.error.code === 'conflict' && <Notice kind="error">{t('alreadySubscribed')}</Notice>}
        {commitError !== undefined && <ErrorNotice error={commitError} />}
        {saved && (
          <Notice kind="success">
            {t('savedTo', { name: saved.name, library: names(saved.library) })}{' '}
            <a href={libraryPath(saved.library)}>{t('open', { library: names(saved.library) })}</a>
          </Notice>
        )}
      </form>
    </Page>
  )
}
