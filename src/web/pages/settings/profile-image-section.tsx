/**
 * The profile image (docs/api/users.md §3): pick a file, see it before it is sent, upload. The API has no way to delete
 * an image, so a new upload is how it is replaced. Type and size are checked here too, to say so before sending.
 */
import { useEffect, useId, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Avatar, imageSrc } from '../friends/avatar'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
const MAX_BYTES = 2 * 1024 * 1024

export function ProfileImageSection() {
  const t = useT(strings)
  const session = useSession()
  const user = session.user!
  const id = useId()
  const [file, setFile] = useState<File>()
  const [preview, setPreview] = useState<string>()
  const [problem, setProblem] = useState<'imageTooBig' | 'imageWrongType'>()
  // A new input element after an upload empties the file chooser.
  const [inputKey, setInputKey] = useState(0)
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview) }, [preview])

  const choose = (chosen: File | undefined) => {
    saver.reset()
    saver.clear()
    const wrong = chosen && !TYPES.includes(chosen.type) ? 'imageWrongType' : chosen && chosen.size > MAX_BYTES ? 'imageTooBig' : undefined
    setProblem(wrong)
    setFile(chosen && !wrong ? chosen : undefined)
    setPreview(chosen && !wrong ? URL.createObjectURL(chosen) : undefined)
  }
  const saver = useSaver(async () => {
    const form = new FormData()
    form.append('image', file!)
    await api.post('/users/me/profile-image', form)
    await session.refresh()
    choose(undefined)
    setInputKey((k) => k + 1)
  })
  const current = imageSrc(user.profile.profile_image_path)
  const error = problem ? t(problem) : saver.fieldError('image', t('imageFile'))
  return (
    <Section id="profile-image" title={t('imageTitle')}>
      <div class="image-pair">
        <figure>
          {current ? <img class="avatar avatar-large" src={current} alt={t('imageCurrent')} /> : <Avatar person={{ name: user.name, profile_image_path: null }} size="large" />}
          {!current && <figcaption class="hint">{t('imageNone')}</figcaption>}
        </figure>
        {preview && (
          <figure>
            <img class="avatar avatar-large" src={preview} alt={t('imagePreview')} />
            <figcaption class="hint">{t('imagePreview')}</figcaption>
          </figure>
        )}
      </div>
      <form class="stack" onSubmit={onSubmit(() => file && saver.run())} noValidate>
        <div class="field">
          <label for={id}>{t('imageFile')}</label>
          <input key={inputKey} id={id} type="file" name="image" accept={TYPES.join(',')} aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} onChange={(e) => choose(e.currentTarget.files?.[0])} />
          <p class="hint" id={`${id}-hint`}>{t('imageHint')}</p>
          {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
        </div>
        {file && <SaveButton saver={saver} label={t('imageUpload')} />}
        <SaveFeedback saver={saver} message={t('imageSaved')} />
      </form>
    </Section>
  )
}
