/**
 * File names of notes (docs/api/export.md §10.4): the title with `/ \ : * ? " < > |` and control characters replaced by
 * `-`, spaces and dots trimmed at both ends, cut to 100 characters (code points; trimmed again so a cut never
 * leaves a trailing space or dot), `Untitled` when empty; names equal ignoring case get ` (1)`, ` (2)`, … in
 * record order.
 */
const MAX_NAME = 100

export function noteBaseName(title: string): string {
  const replaced = title.replace(/[/\\:*?"<>|\p{Cc}]/gu, '-')
  const trim = (s: string) => s.replace(/^[ .]+|[ .]+$/g, '')
  const cut = trim([...trim(replaced)].slice(0, MAX_NAME).join(''))
  return cut === '' ? 'Untitled' : cut
}

/** Hands out unique names for one archive. */
export class NoteNames {
  private used = new Set<string>()

  next(title: string): string {
    const base = noteBaseName(title)
    let name = base
    for (let n = 1; this.used.has(name.toLowerCase()); n++) name = `${base} (${n})`
    this.used.add(name.toLowerCase())
    return `${name}.md`
  }
}
