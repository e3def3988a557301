/**
 * Asking before leaving while a tap is not stored. Closing or reloading the tab gets the browser's own question
 * (beforeunload). A link in the app is caught before the router sees it (a listener in the capture phase on window,
 * where the router listens in the bubble phase) and asked about in the page, as the page's own day buttons are.
 * The browser's back button is not asked about: the router has moved on before any page hears of it.
 */
import { useEffect, useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { ConfirmQuestion } from '../../components/confirm'
import { useT } from '../../lib/i18n'
import { strings } from './strings'

/** The app's own address of a click on a link the router would follow, else undefined. */
function inAppTarget(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined
  const link = event.composedPath().find((el): el is HTMLAnchorElement => el instanceof HTMLAnchorElement && el.href !== '')
  if (!link || link.origin !== location.origin || link.download || /^#/.test(link.getAttribute('href') ?? '')) return undefined
  if (link.target && link.target !== '_self') return undefined
  return link.href.slice(location.origin.length)
}

export function useLeaveGuard(unsaved: boolean) {
  const t = useT(strings)
  const { route } = useLocation()
  const [leavingTo, setLeavingTo] = useState<string>()

  useEffect(() => {
    if (!unsaved) return
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      const to = inAppTarget(event)
      if (to === undefined) return
      event.preventDefault()
      event.stopPropagation()
      setLeavingTo(to)
    }
    addEventListener('beforeunload', onUnload)
    addEventListener('click', onClick, true)
    return () => {
      removeEventListener('beforeunload', onUnload)
      removeEventListener('click', onClick, true)
    }
  }, [unsaved])

  return {
    /** Goes to `to` in the app, asking first while something is unsaved. */
    leave: (to: string) => (unsaved ? setLeavingTo(to) : route(to)),
    question: leavingTo === undefined ? null : (
      <ConfirmQuestion question={t('leaveQuestion')} confirmLabel={t('leaveAnyway')} cancelLabel={t('stay')}
        onConfirm={async () => {
          setLeavingTo(undefined)
          route(leavingTo)
        }}
        onCancel={() => setLeavingTo(undefined)} />
    ),
  }
}
