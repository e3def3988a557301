/**
 * The charts' data as a table, newest day first, behind a disclosure: every day of the period, a day without
 * an entry said in words. Rendered only while open, so a year of rows costs nothing until asked for; opened
 * before the entries are there, it says they are loading.
 */
import { useId, useState } from 'preact/hooks'
import { Loading } from '../../components/ui'
import { formatDay } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import type { CheckIn } from '../check-in/trackers'
import { strings } from './strings'

/** One tracker's column: its name, and a day's value in words (null: nothing recorded). */
export interface Column { key: string; header: string; text: (entry: CheckIn) => string | null }

export function DataTable({ dates, columns, entries }: { dates: string[]; columns: Column[]; entries: Map<string, CheckIn> | undefined }) {
  const t = useT(strings)
  const { prefs } = useSession()
  const [open, setOpen] = useState(false)
  const caption = useId()
  const day = (date: string) => formatDay(date, prefs.dateFormat)
  return (
    <details class="data-table" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t('table')}</summary>
      {open && !entries && <Loading />}
      {open && entries && (
        // The box scrolls: focusable (and named by the caption) so a keyboard can scroll it too.
        <div class="table-scroll" tabIndex={0} role="region" aria-labelledby={caption}>
          <table>
            <caption id={caption}>{t('tableCaption', { from: day(dates[0]!), to: day(dates[dates.length - 1]!) })}</caption>
            <thead>
              <tr><th scope="col">{t('date')}</th>{columns.map((column) => <th key={column.key} scope="col">{column.header}</th>)}</tr>
            </thead>
            <tbody>
              {[...dates].reverse().map((date) => {
                const entry = entries.get(date)
                return (
                  <tr key={date}>
                    <th scope="row">{day(date)}</th>
                    {entry
                      ? columns.map((column) => {
                        const text = column.text(entry)
                        return text === null
                          ? <td key={column.key}><span aria-hidden="true">–</span><span class="visually-hidden">{t('noValue')}</span></td>
                          : <td key={column.key}>{text}</td>
                      })
                      : <td colSpan={columns.length} class="no-entry">{t('noEntry')}</td>}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </details>
  )
}
