/**
 * Linear-time scanning of fetched HTML and XML. A fetched document is up to 1 MiB of someone else's bytes:
 * a backtracking pattern such as /<meta[^>]*>/ re-reads the rest of the document from every unclosed
 * `<meta`, which turns 1 MiB of them into minutes of blocked CPU. Here every search resumes after the
 * previous match, and a terminator that is missing once is missing for every later start too, so the
 * scan stops there.
 */

export interface StartTag {
  /** offset of `<` */
  start: number
  /** offset just after `>` */
  end: number
  /** the text between the name and `>` (without a self-closing `/`) */
  attrs: string
  selfClosing: boolean
}

/** Start tags `<name …>` (ASCII name, case-insensitive, not a prefix of a longer name) in document order. */
export function* startTags(text: string, name: string, from = 0): Generator<StartTag> {
  const open = new RegExp(`<${name}(?=[\\s/>])`, 'gi')
  open.lastIndex = from
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const close = text.indexOf('>', m.index)
    if (close < 0) return
    const inside = text.slice(m.index + 1 + name.length, close)
    const selfClosing = inside.endsWith('/')
    yield { start: m.index, end: close + 1, attrs: selfClosing ? inside.slice(0, -1) : inside, selfClosing }
    open.lastIndex = close + 1
  }
}

/** The next end tag `</name>` at or after `from`: its start and the offset after it. */
export function endTag(text: string, name: string, from: number): { start: number; end: number } | undefined {
  const close = new RegExp(`</${name}\\s*>`, 'gi')
  close.lastIndex = from
  const m = close.exec(text)
  return m ? { start: m.index, end: m.index + m[0].length } : undefined
}

export interface Element { attrs: string; inner: string }

/**
 * The first element `name` with its inner text ('' when self-closing). An element that is never closed
 * runs to the end of the text when `openToEnd` (a page cut at the size cap), else it does not count.
 */
export function firstElement(text: string, name: string, openToEnd = false): Element | undefined {
  for (const tag of startTags(text, name)) {
    if (tag.selfClosing) return { attrs: tag.attrs, inner: '' }
    const close = endTag(text, name, tag.end)
    if (close) return { attrs: tag.attrs, inner: text.slice(tag.end, close.start) }
    return openToEnd ? { attrs: tag.attrs, inner: text.slice(tag.end) } : undefined
  }
  return undefined
}

/** `text` with every block from `open` to `close` replaced by a space; a block that is never closed stays. */
export function removeBlocks(text: string, open: string, close: string): string {
  let out = ''
  let pos = 0
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, pos)) {
    const stop = text.indexOf(close, start + open.length)
    if (stop < 0) break
    out += text.slice(pos, start) + ' '
    pos = stop + close.length
  }
  return out + text.slice(pos)
}

/** `text` without its tags (`<` up to the next `>`); a `<` that is never closed stays as written. */
export function stripTags(text: string): string {
  let out = ''
  let pos = 0
  for (let start = text.indexOf('<'); start >= 0; start = text.indexOf('<', pos)) {
    const stop = text.indexOf('>', start)
    if (stop < 0) break
    out += text.slice(pos, start)
    pos = stop + 1
  }
  return out + text.slice(pos)
}
