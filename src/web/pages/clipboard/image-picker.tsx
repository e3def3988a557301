/**
 * Adding an image: pasted anywhere on the page, dropped on the zone, or chosen with the file input (for keyboards). It
 * is previewed first, with the refusals of docs/api/clipboard.md §4 said in words, and uploaded on request.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { ErrorNotice, Notice } from '../../components/ui'
import { formatBytes } from '../../lib/format'
import { formatName } from './format-name'
import { checkFile, checkSize, serverRefusal, type Refusal } from './image-rules'
import type { ClipboardEntry } from './types'
import { strings } from './strings'

interface Picked { file: File; url: string; width?: number; height?: number }

/** The first image among the files of a paste or a drop. */
function imageOf(data: DataTransfer | null): File | undefined {
  if (!data) return undefined
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile() ?? undefined
  }
  return Array.from(data.files).find((file) => file.type.startsWith('image/')) ?? data.files[0]
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files')

export function ImagePicker({ onUploaded }: { onUploaded: (entry: ClipboardEntry) => void }) {
  const t = useT(strings)
  const lang = useLang()
  const [picked, setPicked] = useState<Picked>()
  const [refusal, setRefusal] = useState<Refusal>()
  const [dragging, setDragging] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const uploadButton = useRef<HTMLButtonElement>(null)

  /** The preview's object URL, released when it is replaced, discarded or the page is left. */
  const previewUrl = useRef<string | undefined>(undefined)
  const release = () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current)
    previewUrl.current = undefined
  }

  const discard = () => {
    release()
    setPicked(undefined)
    setRefusal(undefined)
    upload.clear()
  }

  const pick = (file: File | undefined) => {
    discard()
    if (!file) return
    previewUrl.current = URL.createObjectURL(file)
    setRefusal(checkFile(file))
    setPicked({ file, url: previewUrl.current })
  }

  const upload = useAction(async () => {
    if (!picked) return
    const form = new FormData()
    form.append('image', picked.file)
    try {
      const entry = await api.post('/clipboard/image', form)
      discard()
      onUploaded(entry)
    } catch (error) {
      const refused = serverRefusal(error)
      if (!refused) throw error
      setRefusal(refused)
    }
  })

  useEffect(() => {
    // A paste that carries an image is ours; plain text pastes into the text field go on as usual.
    const onPaste = (event: ClipboardEvent) => {
      const file = imageOf(event.clipboardData)
      if (!file) return
      event.preventDefault()
      pick(file)
    }
    // A file dropped beside the zone would make the browser leave the page to show it.
    const keepPage = (event: DragEvent) => { if (hasFiles(event)) event.preventDefault() }
    document.addEventListener('paste', onPaste)
    document.addEventListener('dragover', keepPage)
    document.addEventListener('drop', keepPage)
    return () => {
      document.removeEventListener('paste', onPaste)
      document.removeEventListener('dragover', keepPage)
      document.removeEventListener('drop', keepPage)
    }
  }, [])

  useEffect(() => release, [])

  // A new image to look at: the next step is its upload button.
  useEffect(() => { if (picked) uploadButton.current?.focus() }, [picked?.url])

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    pick(imageOf(event.dataTransfer))
  }

  const onPreviewLoad = (event: Event) => {
    const image = event.currentTarget as HTMLImageElement
    setPicked((p) => p && { ...p, width: image.naturalWidth, height: image.naturalHeight })
    setRefusal((r) => r ?? checkSize(image.naturalWidth, image.naturalHeight))
  }

  const name = picked && (picked.file.name && picked.file.name !== 'image.png' ? picked.file.name : t('pastedImage'))

  return (
    <div class="stack">
      <div class={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(e) => { if (!hasFiles(e)) return; e.preventDefault(); e.dataTransfer!.dropEffect = 'copy'; setDragging(true) }}
        onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <p>{dragging ? t('dropNow') : t('dropHint')}</p>
        <div class="field">
          <label for="clipboard-file">{t('chooseFile')}</label>
          <input id="clipboard-file" ref={fileInput} type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-describedby="clipboard-rules"
            onChange={(e) => { pick(e.currentTarget.files?.[0]); e.currentTarget.value = '' }} />
        </div>
        <p class="hint" id="clipboard-rules">{t('rules')}</p>
      </div>
      {picked && (
        <figure class="image-preview">
          {refusal !== 'notImage' && <img src={picked.url} alt={t('preview', { name: name! })} onLoad={onPreviewLoad} />}
          <figcaption>
            <strong>{name}</strong>
            {picked.width !== undefined && (
              <span class="hint"> {t('details', {
                type: formatName(picked.file.type), size: formatBytes(picked.file.size, lang),
                width: picked.width, height: picked.height!,
              })}</span>
            )}
          </figcaption>
        </figure>
      )}
      {refusal && <Notice kind="error">{t(refusal)}</Notice>}
      {upload.formError !== undefined && !refusal && <ErrorNotice error={upload.formError} />}
      {picked && (
        <div class="row">
          <button type="button" class="primary" ref={uploadButton} disabled={upload.pending || refusal !== undefined} aria-busy={upload.pending}
            onClick={() => upload.run()}>{t('upload')}</button>
          <button type="button" onClick={() => { discard(); fileInput.current?.focus() }}>{t('discard')}</button>
        </div>
      )}
    </div>
  )
}
