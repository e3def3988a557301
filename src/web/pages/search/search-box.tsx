/** The search box of the shell (components/layout.tsx), on every page once signed in: it opens the search page. */
import { useEffect, useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { defineStrings, useT } from '../../lib/i18n'
import { PAGES } from '../../paths'

const strings = defineStrings({
  en: { label: 'Search your libraries, clipboard and day notes', placeholder: 'Search', go: 'Search' },
  de: { label: 'Sammlungen, Zwischenablage und Tagesnotizen durchsuchen', placeholder: 'Suchen', go: 'Suchen' },
  fr: { label: 'Chercher dans vos bibliothèques, votre presse-papiers et vos notes du jour', placeholder: 'Rechercher', go: 'Rechercher' },
  es: { label: 'Buscar en tus bibliotecas, tu portapapeles y tus notas del día', placeholder: 'Buscar', go: 'Buscar' },
})

/** The search page's address for `q` (and a page of its results). */
export const searchPath = (q: string, page = 1) =>
  `${PAGES.search}?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`

export function SearchBox() {
  const t = useT(strings)
  const { path, query, route } = useLocation()
  // On the search page the box shows what was searched, so it can be changed rather than typed again.
  const searched = path === PAGES.search ? query.q ?? '' : ''
  const [value, setValue] = useState(searched)
  useEffect(() => setValue(searched), [searched])
  const submit = (event: Event) => {
    event.preventDefault()
    const q = value.trim()
    route(q === '' ? PAGES.search : searchPath(q))
  }
  return (
    <form role="search" class="shell-search" aria-label={t('label')} onSubmit={submit}>
      <input type="search" name="q" aria-label={t('label')} placeholder={t('placeholder')} value={value} enterKeyHint="search"
        autocomplete="off" onInput={(e) => setValue(e.currentTarget.value)} />
      <button type="submit">{t('go')}</button>
    </form>
  )
}
