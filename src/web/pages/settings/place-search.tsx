/**
 * Finding the weather's place by name (docs/api/weather.md §3). What is typed is searched a moment after the typing
 * stops, or at once with Enter; the places found are a list of buttons — Tab or the arrow keys reach them, Enter or
 * a tap picks one, Escape goes back to the field — and a status line tells a screen reader how many were found.
 * Buttons rather than an ARIA listbox: every browser and screen reader already knows how to use them.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { request } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit } from '../../lib/use-action'
import { ErrorNotice, Field } from '../../components/ui'
import { weatherStrings } from './weather-strings'

type Answer = Awaited<ReturnType<typeof request<'GET', '/weather/places'>>>
export type Place = Answer['data'][number]

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; places: Place[]; reason?: NonNullable<Answer['meta']>['reason'] }
  | { state: 'error'; error: unknown }

/** A pause in typing this long starts the search: a name typed letter by letter costs one or two requests. */
const WAIT_MS = 350
/** Open-Meteo finds nothing for a single letter. */
const MIN_LETTERS = 2

/** What is saved as the place's name: short enough for Today's card, with the country to tell namesakes apart. */
export const placeName = (place: Place) => [place.name, place.country].filter(Boolean).join(', ')

export function PlaceSearch({ onPick }: { onPick: (place: Place) => void }) {
  const t = useT(weatherStrings)
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState<Search>({ state: 'idle' })
  const box = useRef<HTMLDivElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const running = useRef<AbortController>(undefined)
  useEffect(() => () => {
    clearTimeout(timer.current)
    running.current?.abort()
  }, [])

  const run = (text: string) => {
    clearTimeout(timer.current)
    running.current?.abort()
    const q = text.trim()
    if ([...q].length < MIN_LETTERS) return setSearch({ state: 'idle' })
    const controller = new AbortController()
    running.current = controller
    setSearch({ state: 'searching' })
    request('GET', `/weather/places?q=${encodeURIComponent(q)}`, undefined, { signal: controller.signal }).then(
      (answer) => { if (!controller.signal.aborted) setSearch({ state: 'done', places: answer.data, reason: answer.meta?.reason }) },
      (error) => { if (!controller.signal.aborted) setSearch({ state: 'error', error }) },
    )
  }
  const type = (text: string) => {
    setQuery(text)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => run(text), WAIT_MS)
  }
  const field = () => box.current?.querySelector('input')
  const pick = (place: Place) => {
    // The list goes away with the button that has the focus: the focus goes back to the field first.
    field()?.focus()
    setQuery('')
    setSearch({ state: 'idle' })
    onPick(place)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const options = Array.from(box.current?.querySelectorAll<HTMLButtonElement>('.place-option') ?? [])
    const at = options.indexOf(event.target as HTMLButtonElement)
    const next = event.key === 'ArrowDown' ? options[at + 1]
      : event.key === 'ArrowUp' && at >= 0 ? (options[at - 1] ?? field())
        : event.key === 'Escape' && at >= 0 ? field() : undefined
    if (!next) return
    event.preventDefault()
    next.focus()
  }

  const places = search.state === 'done' ? search.places : []
  const status = search.state === 'searching' ? t('searching')
    : search.state !== 'done' ? ''
      : search.reason ? t('unavailable')
        : places.length === 0 ? t('none') : t('found', { count: places.length })
  return (
    <div class="stack place-search" ref={box} onKeyDown={onKeyDown}>
      <form role="search" aria-label={t('find')} onSubmit={onSubmit(() => run(query))} noValidate>
        <Field label={t('find')} name="place" type="search" inputMode="search" autocomplete="off" maxLength={100} value={query}
          onValue={type} hint={t('findHint')} />
      </form>
      <p class="hint" role="status">{status}</p>
      {search.state === 'error' && <ErrorNotice error={search.error} />}
      {places.length > 0 && (
        <ul class="list place-results" aria-label={t('results')}>
          {places.map((place, i) => {
            const where = [place.admin_area, place.country].filter(Boolean).join(', ')
            return (
              <li key={`${place.latitude},${place.longitude},${i}`}>
                <button type="button" class="place-option" onClick={() => pick(place)}>
                  <span class="place-name">{place.name}</span>{where && <span class="place-where">, {where}</span>}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
