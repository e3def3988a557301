/**
 * A note's text written as Markdown: a text box with a hint of the syntax, and "Preview", a toggle that shows the
 * text as the note will show it (the same renderer, components/markdown.tsx) in place of the box and back.
 */
import { useState } from 'preact/hooks'
import { Markdown } from '../../components/markdown'
import { TextArea } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { strings } from './strings'

export function NoteEditor({ name, label, error, value, onValue }: {
  name: string; label: string; error?: string; value: string; onValue: (value: string) => void
}) {
  const t = useT(strings)
  const [preview, setPreview] = useState(false)
  return (
    <div class="note-editor">
      <div class="row note-editor-bar">
        <button type="button" class="toggle" aria-pressed={preview} onClick={() => setPreview(!preview)}>{t('preview')}</button>
      </div>
      {/* Hidden, not removed: the text box keeps its place, its undo history and its error. */}
      <div hidden={preview}>
        <TextArea name={name} label={label} hint={t('markdownHint')} error={error} rows={10} value={value} onValue={onValue} />
      </div>
      {preview && (
        <section class="note-preview" aria-label={t('previewOf', { what: label })}>
          {value.trim() ? <Markdown text={value} headingLevel={3} /> : <p class="hint">{t('nothingToPreview')}</p>}
        </section>
      )}
    </div>
  )
}
