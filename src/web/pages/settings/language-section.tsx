/**
 * The app's language (docs/api/users.md §6): saved when picked, then the session reloads the user so every page
 * speaks it at once.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { LANGS, useT, type Lang } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { SaveFeedback, Section, useSaver } from './section'
import { SelectField } from '../../components/ui'
import { strings } from './strings'

/** Each language by its own name, so a user who cannot read the current one still finds theirs. */
const NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' }

export function LanguageSection() {
  const t = useT(strings)
  const session = useSession()
  const stored = session.user!.settings.language
  const [language, setLanguage] = useState<Lang>(stored)
  const saver = useSaver(async (chosen: Lang) => {
    try {
      await api.put('/users/me/settings/language', { language: chosen })
    } catch (error) {
      setLanguage(stored)
      throw error
    }
    await session.refresh()
  })
  const choose = (chosen: Lang) => {
    setLanguage(chosen)
    saver.run(chosen)
  }
  return (
    <Section id="language" title={t('languageTitle')}>
      <SelectField label={t('language')} name="language" value={language} onValue={choose}
        options={LANGS.map((l) => ({ value: l, label: NAMES[l], lang: l }))} error={saver.fieldError('language', t('language'))} />
      <SaveFeedback saver={saver} />
    </Section>
  )
}
