/**
 * The profile image (docs/api/users.md §3): like every setting, saved when chosen — the picked file is uploaded at
 * once and shown as the new image. The API has no way to delete an image, so a new upload is how it is replaced.
 * Type and size are checked here too, to say so before sending.
 */
import { useId, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { Avatar, imageSrc } from '../friends/avatar'
import { SaveFeedback, Section, useSaver } from './section'
import { thingNames } from '../../components/names'
import { strings } from './strings'

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
const MAX_BYTES = 2 * 1024 * 1024

export function ProfileImageSection() {
  const t = useT(strings)
  const names = useT(thingNames)
  const session = useSession()
  const user = session.user!
  const id = useId()
  const [problem, setProblem] = useState<'imageTooBig' | 'imageWrongType'>()
  // A new input element after an upload empties the file chooser.
  const [inputKey, setInputKey] = useState(0)
  const saver = useSaver(async (file: File) => {
    const form = new FormData()
    form.append('image', file)
    try {
      await api.post('/users/me/profile-image', form)
    } finally {
      setInputKey((k) => k + 1)
    }
    await session.refresh()
  })
  const choose = (chosen: File | undefined) => {
    saver.reset()
    saver.clear()
    const wrong = chosen && !TYPES.includes(chosen.type) ? 'imageWrongType' : chosen && chosen.size > MAX_BYTES ? 'imageTooBig' : undefined
    setProblem(wrong)
    if (chosen && !wrong) saver.run(chosen)
  }
  const current = imageSrc(user.profile.profile_image_path)
  const error = problem ? t(problem) : saver.fieldError('image', t('imageFile'))
  return (
    <Section id="profile-image" title={names('profile_image')}>
      <figure class="profile-image">
        {current ? <img class="avatar avatar-large" src={current} alt={t('imageCurrent')} /> : <Avatar person={{ name: user.name, profile_image_path: null }} size="large" />}
        {!current && <figcaption class="hint">{t('imageNone')}</figcaption>}
      </figure>
      <div class="field">
        <label for={id}>{t('imageFile')}</label>
        <input key={inputKey} id={id} type="file" name="image" accept={TYPES.join(',')} aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} onChange={(e) => choose(e.currentTarget.files?.[0])} />
        <p class="hint" id={`${id}-hint`}>{t('imageHint')}</p>
        {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
      </div>
      <SaveFeedback saver={saver} message={t('imageSaved')} />
    </Section>
  )
}
