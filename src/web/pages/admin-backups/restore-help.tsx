/**
 * Restoring replaces the whole data folder of a stopped server (README "Backups and restore"), so it is a
 * command-line step by design; the page says how instead of offering a button.
 */
import { useT } from '../../lib/i18n'
import { strings } from './strings'

export const RESTORE_COMMAND = 'daybook restore <file>'

export function RestoreHelp() {
  const t = useT(strings)
  return (
    <section class="card stack admin-card" aria-labelledby="backup-restore-title">
      <h2 id="backup-restore-title">{t('restoreTitle')}</h2>
      <p>{t('restoreIntro')}</p>
      <ol class="restore-steps">
        <li>{t('restoreStop')}</li>
        <li>{t('restoreRun')}<pre class="command"><code>{RESTORE_COMMAND}</code></pre></li>
        <li>{t('restoreStart')}</li>
      </ol>
      <p class="hint">{t('restoreAfter')}</p>
    </section>
  )
}
