/**
 * The app's language (docs/api/users.md §6): saved, then the session reloads the user so every page speaks it at once.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { LANGS, useT, type Lang } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'
import { SelectField } from '../../components/ui'
import { strings } from './strings'

/** Each language by its own name, so a user who cannot read the current one still finds theirs. */
const NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' }

export function LanguageSection() {
  const t = useT(strings)
  const session = useSession()
  const [language, setLanguage] = useState<Lang>(session.user!.settings.language)
  const saver = useSaver(async () => {
    await api.put('/users/me/settings/language', { language })
    await session.refresh()
  })
  return (
    <Section id="language" title={t('languageTitle')}>
      <form class="stack" onSubmit={onSubmit(saver.run)} noValidate>
        <SelectField label={t('language')} name="language" value={language} onValue={setLanguage}
          options={LANGS.map((l) => ({ value: l, label: NAMES[l], lang: l }))} error={saver.fieldError('language', t('language'))} />
        <SaveButton saver={saver} />
        <SaveFeedback saver={saver} />
      </form>
    </Section>
  )
}
