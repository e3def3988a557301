/**
 * A long text shown cut to its first lines, with "Show more" to read the rest and "Show less" to fold it again. The
 * button says whether the text is open (aria-expanded) and which text it opens (aria-controls). Whether the text
 * is long is measured, not guessed from its length: the button appears only when lines are actually hidden, and is
 * measured again when the box changes width (a phone turned, a window resized).
 */
import type { ComponentChildren } from 'preact'
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { defineStrings, useT } from '../lib/i18n'

const strings = defineStrings({
  en: { more: 'Show more', less: 'Show less' },
  de: { more: 'Mehr anzeigen', less: 'Weniger anzeigen' },
  fr: { more: 'Afficher plus', less: 'Afficher moins' },
  es: { more: 'Mostrar más', less: 'Mostrar menos' },
})

/** `text`, or `children` drawn from it (a note's Markdown), which are measured again whenever their size changes. */
export function ExpandableText({ text, children, lines = 6, class: extra }: { text: string; children?: ComponentChildren; lines?: number; class?: string }) {
  const t = useT(strings)
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [cut, setCut] = useState(false)
  useLayoutEffect(() => {
    const el = box.current!
    const measure = () => { if (!el.classList.contains('expandable-open')) setCut(el.scrollHeight > el.clientHeight + 1) }
    measure()
    const resize = new ResizeObserver(measure)
    resize.observe(el)
    if (el.firstElementChild) resize.observe(el.firstElementChild)
    return () => resize.disconnect()
  }, [text, lines])
  return (
    <div class="expandable">
      <div id={id} ref={box} class={`expandable-text${open ? ' expandable-open' : ''}${extra ? ` ${extra}` : ''}`} style={{ '--lines': lines }}>
        {children ?? text}
      </div>
      {(cut || open) && (
        <button type="button" class="link-button expandable-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? t('less') : t('more')}
        </button>
      )}
    </div>
  )
}
