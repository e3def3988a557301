/**
 * The text of a fetched document (docs/api/quick-add.md §7): a byte-order mark wins, then the charset of the
 * Content-Type header, then a declaration in the first 1024 bytes (<meta charset>, http-equiv, or an XML
 * declaration for feeds), else UTF-8. A declared charset the decoder does not know is read as UTF-8.
 */

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return undefined
}

export function charsetFromContentType(contentType: string | null): string | undefined {
  const m = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType) : null
  return m?.[1]
}

/** A charset declared near the top of the document. */
export function sniffCharset(bytes: Uint8Array): string | undefined {
  // latin1 maps bytes one to one, so ASCII markup is readable whatever the real charset is.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024))
  const meta = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head)
  if (meta) return meta[1]
  return /<\?xml\b[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/i.exec(head)?.[1]
}

function decoder(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined
  try {
    return new TextDecoder(label.trim())
  } catch {
    return undefined
  }
}

export function decodeDocument(bytes: Uint8Array, contentType: string | null): string {
  const label = bomCharset(bytes) ?? charsetFromContentType(contentType) ?? sniffCharset(bytes)
  return (decoder(label) ?? new TextDecoder('utf-8')).decode(bytes)
}
