/** Escaping for the HTML and XML files of the archive (attribute values and text). */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}

/**
 * An XML attribute value: escaped, with the characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF)
 * dropped, since no reference can stand for them and one would make the whole file unreadable, and tab, CR
 * and LF written as references, which attribute-value normalisation would otherwise turn into spaces.
 */
export function escapeXmlAttribute(value: string): string {
  return escapeMarkup(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))
    .replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`)
}
