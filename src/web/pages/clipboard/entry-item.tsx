/** One clipboard entry: its text (a long one cut, with "Show more") or image, copy back to the system clipboard, and delete. */
import { api } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { ConfirmDelete } from '../../components/confirm'
import { ExpandableText } from '../../components/expandable-text'
import { formatBytes } from '../../lib/format'
import { formatName } from './format-name'
import { copyImage, copyText } from './copy'
import { imageSrc, type ClipboardEntry } from './types'
import { strings } from './strings'

const preview = (text: string) => {
  const line = text.trim().split('\n')[0] ?? ''
  return line.length > 40 ? `${line.slice(0, 37)}…` : line
}

export function EntryItem({ entry, onCopied, onDeleted }: {
  entry: ClipboardEntry; onCopied: (ok: boolean) => void; onDeleted: () => void
}) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const when = formatDateTime(entry.created_at, prefs)
  const what = entry.type === 'image' ? t('imageFrom', { when }) : preview(entry.content)

  const copy = () => {
    const copying = entry.type === 'image' ? copyImage(imageSrc(entry)) : copyText(entry.content)
    copying.then(() => onCopied(true), () => onCopied(false))
  }

  return (
    <li class="clip-entry">
      {entry.type === 'image' ? (
        <figure class="clip-image">
          <img src={imageSrc(entry)} alt={t('imageFrom', { when })} loading="lazy" />
          <figcaption class="hint">
            {formatName(entry.mime_type ?? '')}, {formatBytes(entry.size_bytes ?? 0, lang)} ·{' '}
            <a href={imageSrc(entry)} target="_blank" rel="noopener noreferrer" aria-label={`${t('openImageOf', { when })} ${t('newTab')}`}>
              {t('openImage')}
            </a>
          </figcaption>
        </figure>
      ) : (
        <ExpandableText class="clip-text" text={entry.content} lines={8} />
      )}
      <div class="item-foot">
        <p class="hint">{t('savedAt', { when })}</p>
        <div class="row">
          <button type="button" onClick={copy} aria-label={t('copyWhat', { what })}>{t('copy')}</button>
          <ConfirmDelete what={what} onDelete={async () => { await api.delete(`/clipboard/${entry.id}`); onDeleted() }} />
        </div>
      </div>
    </li>
  )
}
