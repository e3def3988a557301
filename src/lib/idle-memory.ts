import type { Clock } from './clock'
import type { Logger } from './logger'

/**
 * Hands memory back once the server goes quiet. After a busy spell JSC keeps the compiled code of every hot
 * function, its caches, and the pages of objects a collection already freed; a full collection alone returned
 * none of it (83 MB a minute after the load benchmark either way). `Bun.shrink()` is JSC's
 * `VM::shrinkFootprintWhenIdle`: it drops compiled code, collects, and returns free pages to the OS (70 MB).
 * Bun marks it deprecated but keeps it in the pinned 1.4.5; without it the shrinker falls back to a full
 * collection. The next request after a quiet spell runs in the interpreter until JSC compiles it again.
 */
const shrink: () => void = typeof Bun.shrink === 'function' ? () => Bun.shrink() : () => Bun.gc(true)

/**
 * A full collection now, for background work that has just dropped a lot (an import's inflated text and
 * records): its memory is handed back at once, while requests go on, instead of at the next quiet spell.
 */
export function handBackMemory(): void {
  Bun.gc(true)
}

export interface IdleMemory {
  /** Marks activity: the next quiet spell ends with a shrink. */
  touch(): void
  stop(): void
}

/**
 * Shrinks twice at start-up, then once after every spell of activity followed by `quietMs` without a request.
 *
 * The first shrink is now, before `serve` builds the app: besides the modules' and parsers' leftovers it drops the
 * compiled code of loading the modules, and with it JSC's counts of how often each function ran, so the schema
 * helpers that loading the modules and then building the app both call many times do not add up to the optimising
 * JIT's threshold (its compiler's code, once run, stays resident: 1.6 MB). The second waits for the event loop's
 * next turn, when start-up is done: run at the end of `serve` itself it handed back nothing (start-up's objects were
 * presumably still reachable from its stack, which JSC scans conservatively); from a timer of its own, 1 MB of
 * anonymous memory (README "Where the memory went").
 */
export function startIdleMemory(deps: { clock: Clock; logger: Logger }, quietMs = 10_000): IdleMemory {
  let lastActivity = deps.clock.now()
  let busy = false
  const release = () => {
    busy = false
    deps.logger.debug('quiet: memory handed back', { rss_mb: Math.round(process.memoryUsage.rss() / 1_048_576) })
    shrink()
  }
  release()
  const startupDone = setTimeout(release, 0)
  const timer = setInterval(() => { if (busy && deps.clock.now() - lastActivity >= quietMs) release() }, quietMs / 2)
  timer.unref()
  return {
    touch: () => { lastActivity = deps.clock.now(); busy = true },
    stop: () => { clearTimeout(startupDone); clearInterval(timer) },
  }
}
