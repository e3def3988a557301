/**
 * One saved item of any library (docs/api/quick-add.md §8): its title, a link to its source, its facts (a note's text
 * as Markdown), and what can be done with it: edit in place, delete.
 */
import type { ComponentChildren } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { formatDateTime, locale } from '../../lib/format'
import { ConfirmDelete } from '../../components/confirm'
import { useEditing } from '../../components/editing'
import { ExpandableText } from '../../components/expandable-text'
import { Markdown } from '../../components/markdown'
import { dueDay, dueRelation } from './due-date'
import { ItemEditForm } from './edit-form'
import { LinkFetchNote } from './link-fetch'
import { fieldNames, valueName, valueNames, type LibraryName } from './names'
import { strings } from './strings'
import { TodoToggle, type Toggled } from './todo-toggle'

/** An item as the API lists it (libraries/present.ts): the common keys, and its library's fields by name. */
export type LibraryItem = ApiData<'get', `/libraries/${string}`>[number]

/** The facts listed under each item, in this order; flags and the source link are shown apart. */
const FACTS: Record<LibraryName, string[]> = {
  music: ['artist', 'publication_year', 'description'],
  books: ['author', 'pages', 'publication_year', 'description'],
  movies: ['category', 'publication_year', 'description'],
  games: ['platform', 'developer', 'publisher', 'publication_year', 'description'],
  recipes: ['type', 'time_to_make', 'ingredients', 'description'],
  links: ['description', 'tags'],
  quotes: ['author', 'source'],
  plants: ['latin_name', 'location', 'sunlight', 'instructions'],
  feeds: ['site_url'],
  todos: ['due_at', 'repeat', 'priority', 'category', 'tags', 'description'],
  notes: ['content'],
}

/** Fields holding one of a fixed set of values, per library (a to-do's `category` is free text). */
const ENUMS: Partial<Record<LibraryName, string[]>> = {
  movies: ['category'], games: ['platform'], recipes: ['type'], plants: ['location', 'sunlight'], todos: ['repeat', 'priority'],
}

/** Long texts get a row of their own, keep their line breaks, and are cut to a few lines until "Show more". */
const LONG = new Set(['description', 'ingredients', 'instructions', 'content'])

/** A to-do's `is_completed` is its toggle. */
const FLAGS = ['wishlist', 'is_favorite'] as const

/** The item's name: a title, a quote's text, or a plant's name. */
export function itemName(item: LibraryItem): string {
  return String(item.title ?? item.quote ?? item.name ?? '')
}

/** The page the item came from, when it has one and it is a web address (never a `javascript:` link). */
export function sourceUrl(item: LibraryItem): URL | null {
  const raw = item.library === 'links' || item.library === 'feeds' ? item.url : item.link
  if (typeof raw !== 'string') return null
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

function ExternalLink({ href, children }: { href: string; children: ComponentChildren }) {
  const t = useT(strings)
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}<span class="visually-hidden"> {t('newTab')}</span>
    </a>
  )
}

/** A note's text repeats its title on the first line; the list shows the title once. */
function noteBody(item: LibraryItem): string {
  const content = String(item.content ?? '')
  const [first, ...rest] = content.split('\n')
  return first?.trim() === itemName(item) ? rest.join('\n').trim() : content
}

function Fact({ item, field }: { item: LibraryItem; field: string }) {
  const f = useT(fieldNames)
  const v = useT(valueNames)
  const { prefs } = useSession()
  const value = field === 'content' ? noteBody(item) : item[field]
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null

  let shown: ComponentChildren
  if (ENUMS[item.library]?.includes(field)) shown = valueName(v, field, String(value))
  else if (field === 'tags') shown = (value as string[]).map((tag) => <span key={tag} class="badge">#{tag}</span>)
  else if (field === 'pages') shown = new Intl.NumberFormat(locale(prefs.lang)).format(Number(value))
  else if (field === 'time_to_make') shown = f('minutes', { n: new Intl.NumberFormat(locale(prefs.lang)).format(Number(value)) })
  else if (field === 'site_url') shown = <ExternalLink href={String(value)}>{hostOf(String(value))}</ExternalLink>
  else if (field === 'due_at') shown = <DueDate date={String(value)} done={item.is_completed === true} />
  // The note's headings go below the item's own (h2).
  else if (field === 'content') shown = <ExpandableText text={String(value)}><Markdown text={String(value)} headingLevel={3} /></ExpandableText>
  else if (LONG.has(field)) shown = <ExpandableText text={String(value)} />
  else shown = String(value)

  return (
    <div class={LONG.has(field) ? 'fact fact-long' : 'fact'}>
      <dt>{f(field as keyof typeof fieldNames.en)}</dt>
      <dd>{shown}</dd>
    </div>
  )
}

export function DueDate({ date, done }: { date: string; done?: boolean }) {
  const f = useT(fieldNames)
  const { prefs } = useSession()
  const relation = dueRelation(date, prefs.timezone)
  return (
    <>
      {dueDay(date, prefs)}
      {(relation === 'today' || relation === 'tomorrow') && ` (${f(relation)})`}
      {relation === 'overdue' && !done && <> <span class="badge badge-danger">{f('overdue')}</span></>}
    </>
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

const deleteItem = (item: LibraryItem) => api.delete(`/libraries/${item.library}/${item.id}`)

export function LibraryItemView({ item: listed, onDeleted, onToggled, onSaved }: {
  item: LibraryItem
  onDeleted: () => void
  /** A to-do completed or reopened (docs/api/quick-add.md §11). */
  onToggled?: (toggled: Toggled) => void
  /** A change stored: the item as the API answered it. */
  onSaved: (saved: LibraryItem) => void
}) {
  const t = useT(strings)
  const f = useT(fieldNames)
  const { prefs } = useSession()
  const edit = useEditing()
  // The item as last saved here, until the list is read again.
  const [item, setItem] = useState(listed)
  useEffect(() => setItem(listed), [listed])
  const name = itemName(item)
  const source = sourceUrl(item)
  const flags = FLAGS.filter((flag) => item[flag] === true)
  return (
    <li class={item.is_completed === true ? 'library-item item-done' : 'library-item'}>
      {item.library === 'quotes' ? (
        <blockquote class="item-quote">{name}</blockquote>
      ) : (
        <h2 class="item-title">{source ? <ExternalLink href={source.href}>{name}</ExternalLink> : name}</h2>
      )}
      {source && <p class="item-source">{source.hostname}</p>}
      <LinkFetchNote item={item} name={name} onFetched={(saved) => { setItem(saved); onSaved(saved) }} />
      {item.library === 'todos' && onToggled && (
        <TodoToggle item={item} name={name} onToggled={onToggled} label={`${f('is_completed')}: ${name}`}>{f('is_completed')}</TodoToggle>
      )}
      {flags.length > 0 && <p class="row">{flags.map((flag) => <span key={flag} class="badge">{f(flag)}</span>)}</p>}
      {edit.editing ? (
        <ItemEditForm item={item} onCancel={edit.close} onSaved={(saved) => {
          setItem(saved)
          edit.close()
          onSaved(saved)
        }} />
      ) : (
        <>
          <dl class="item-facts">
            {FACTS[item.library].map((field) => <Fact key={field} item={item} field={field} />)}
          </dl>
          <div class="item-foot">
            <p class="hint">{f('added', { when: formatDateTime(item.created_at, prefs) })}</p>
            <div class="row">
              <button type="button" ref={edit.button} aria-label={t('editWhat', { what: name })} onClick={edit.open}>{t('edit')}</button>
              <ConfirmDelete what={name} onDelete={async () => { await deleteItem(item); onDeleted() }} />
            </div>
          </div>
        </>
      )}
    </li>
  )
}
