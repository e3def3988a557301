/**
 * A button that copies a text (an id, a token) to the clipboard and says so. When the browser refuses the
 * clipboard (no permission, not focused), the text stays on screen to be copied by hand, and the button says that.
 */
import { useState } from 'preact/hooks'
import { defineStrings, useT } from '../lib/i18n'

const strings = defineStrings({
  en: { copy: 'Copy', copied: 'Copied.', failed: 'Copying did not work here: select the text and copy it by hand.' },
  de: { copy: 'Kopieren', copied: 'Kopiert.', failed: 'Kopieren hat hier nicht geklappt: markiere den Text und kopiere ihn selbst.' },
  fr: { copy: 'Copier', copied: 'Copié.', failed: 'La copie a échoué ici : sélectionnez le texte et copiez-le vous-même.' },
  es: { copy: 'Copiar', copied: 'Copiado.', failed: 'No se pudo copiar aquí: selecciona el texto y cópialo a mano.' },
})

/** `label` names what is copied for assistive technology ("Copy friend ID"); it should start with the visible word. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT(strings)
  const [result, setResult] = useState<'copied' | 'failed'>()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setResult('copied')
    } catch {
      setResult('failed')
    }
  }
  return (
    <span class="copy">
      <button type="button" onClick={copy} aria-label={label}>{t('copy')}</button>
      <span class="copy-result" role="status">{result && t(result)}</span>
    </span>
  )
}
