/**
 * The person's own sports (docs/api/trackers.md §7) in their order: added with a name and an optional emoji,
 * renamed in place, moved up and down, archived (no longer offered on the check-in, kept on the days that have
 * them) and deleted after a question that says it leaves every day that has it. The six built-in sports are no rows
 * to change: the check-in settings choose which of them are offered, and the section says where.
 */
import { common } from '../../components/strings'
import { Empty, ErrorNotice, LoadState } from '../../components/ui'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { PAGES } from '../../paths'
import { loadSports, type ListedSport } from '../check-in/sports'
import { DefinitionSection, useDefinitions } from './definition-section'
import { NameForm, NamedItem, type ExtraField, type RowForm } from './named-item'
import { useMoves } from './order'
import { strings } from './strings'

/** Only one's own: the built-in ones lead the API's list. */
const loadOwnSports = async (signal: AbortSignal) => (await loadSports(signal)).filter((sport) => !sport.builtin)

function SportForm({ sport, onSaved, onCancel }: Partial<RowForm> & { sport?: ListedSport; onSaved: (saved: ListedSport) => void }) {
  const t = useT(strings)
  const c = useT(common)
  const emoji: ExtraField = { key: 'emoji', label: t('emoji'), maxLength: 16, hint: t('emojiHint'), short: true }
  return (
    <NameForm initial={sport && { name: sport.name, extra: sport.emoji }} extra={emoji} label={sport ? c('save') : t('addSportButton')}
      send={(name, emoji) => (sport ? api.patch(`/sports/${sport.id}`, { name, emoji }) : api.post('/sports', { name, emoji }))}
      onSaved={onSaved} onCancel={onCancel} />
  )
}

export function SportsSection() {
  const t = useT(strings)
  const list = useDefinitions(loadOwnSports)
  const moves = useMoves((id, position) => api.patch(`/sports/${id}`, { position }), list.loaded.reload, list.done)
  const intro = (
    <>
      {t('sportsIntro')} {t('builtinSports')} <a href={`${PAGES.settings}#check-in`}>{t('checkInSettings')}</a>.
    </>
  )
  return (
    <DefinitionSection id="own-sports" title={t('sports')} intro={intro} list={list} addTitle={t('addSport')}
      form={<SportForm onSaved={(saved) => list.done(t('added', { name: saved.name }))} />}>
      <LoadState loaded={list.loaded}>
        {(sports) => sports.length === 0 ? <Empty>{t('noSports')}</Empty> : (
          <ol class="own-list">
            {sports.map((sport, index) => (
              <NamedItem key={sport.id} name={sport.name} archived={sport.archived} order={moves.of(sports, index)}
                mark={sport.emoji && <span class="own-emoji" aria-hidden="true">{sport.emoji}</span>}
                form={(row) => <SportForm sport={sport} {...row} />}
                setArchived={(archived) => api.patch(`/sports/${sport.id}`, { archived })}
                remove={() => api.delete(`/sports/${sport.id}`)} question={t('deleteSport', { name: sport.name })}
                onSaved={list.done} onDeleted={() => list.deleted(t('deleted', { name: sport.name }))} />
            ))}
          </ol>
        )}
      </LoadState>
      {moves.error !== undefined && <ErrorNotice error={moves.error} />}
    </DefinitionSection>
  )
}
