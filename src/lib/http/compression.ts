/**
 * Content coding (RFC 9110 §8.4, §12.5.3): which coding a client takes, and the compressed body of the answers
 * the app serializes itself (JSON envelopes and errors). Files a handler answers with (images, ZIP archives, the
 * web app's pre-gzipped assets) keep their own bytes: they are compressed already or were compressed at build time.
 */
import { brotliCompressSync, constants } from 'node:zlib'

export type Coding = 'zstd' | 'br' | 'gzip'

/**
 * Below this many bytes an answer goes out as it is: with its ~580 bytes of headers it fits one or two TCP
 * segments either way, and the answers under it (health, the profile, one entry, most errors) are the most
 * frequent ones, so they skip the work. The profile's 637 bytes would become 373 with gzip.
 */
export const MIN_COMPRESSED_BYTES = 1024

/**
 * Best first, each at the highest level that compresses a year of check-ins (98.7 KB of JSON) in about 0.2 ms
 * on the development machine, a fifth to a third of what the request costs without it: zstd 3 (13.8% of the
 * size in 0.14 ms), brotli 1 (16.4%, 0.21 ms), gzip 2 (18.3%, 0.16 ms). The next levels buy a few percent for
 * two to five times the time (brotli 4: 13.1% in 0.57 ms, gzip 6: 12.3% in 0.97 ms, brotli 11: 8.8% in 114 ms).
 * zstd 3 is smaller than brotli up to level 3 and faster than brotli from level 1 up, so it comes first.
 */
const ENCODERS: Record<Coding, (text: string) => Uint8Array<ArrayBuffer>> = {
  // A fresh buffer of its own; bun-types only say ArrayBufferLike.
  zstd: (text) => Bun.zstdCompressSync(text, { level: 3 }) as Uint8Array<ArrayBuffer>,
  // The hint sizes brotli's window; the length in code units is close enough.
  br: (text) => brotliCompressSync(text, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
  }),
  gzip: (text) => Bun.gzipSync(text, { level: 2 }),
}
const OFFERED = Object.keys(ENCODERS) as Coding[]

/** A qvalue (RFC 9110 §12.4.2); anything that is not one between 0 and 1 takes nothing. */
function weight(param: string): number {
  const q = Number(param)
  return param.trim() !== '' && q >= 0 && q <= 1 ? q : 0
}

/** Each coding the header names, with its q (1 when none is given). */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>()
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';')
    const coding = name.trim().toLowerCase()
    if (!coding) continue
    let q = 1
    for (const param of params) {
      const [key = '', value = ''] = param.split('=')
      if (key.trim().toLowerCase() === 'q') q = weight(value)
    }
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, q)
  }
  return weights
}

/**
 * The coding of `offered` (best first) to answer with, or undefined for the content as it is. A coding's own
 * entry counts before `*`; `q=0` refuses; the highest q wins and a tie goes to the order of `offered`. The
 * content as it is competes only where the client weighs it (`identity` or `*`): `br;q=0.5, identity` gets it.
 */
export function negotiateEncoding<C extends string>(header: string | null, offered: readonly C[]): C | undefined {
  if (!header) return undefined
  const weights = parseAcceptEncoding(header)
  const any = weights.get('*')
  let best: C | undefined
  let bestQ = 0
  for (const coding of offered) {
    const q = weights.get(coding) ?? any ?? 0
    if (q > bestQ) [best, bestQ] = [coding, q]
  }
  const identity = weights.get('identity') ?? any
  return identity !== undefined && identity > bestQ ? undefined : best
}

/** The fields of `vary` and then those of `more` not in it yet (a `*` already covers every field). */
export function mergeVary(vary: string | undefined, more: string): string {
  if (!vary) return more
  const present = new Set(vary.split(',').map((field) => field.trim().toLowerCase()))
  if (present.has('*')) return vary
  const added = more.split(',').map((field) => field.trim()).filter((field) => field && !present.has(field.toLowerCase()))
  return added.length > 0 ? `${vary}, ${added.join(', ')}` : vary
}

/** Whether `text` is at least `MIN_COMPRESSED_BYTES` in UTF-8, counting its bytes only where its length leaves it open. */
function largeEnough(text: string): boolean {
  // A UTF-16 code unit is one to three bytes of UTF-8.
  if (text.length >= MIN_COMPRESSED_BYTES) return true
  return text.length * 3 >= MIN_COMPRESSED_BYTES && Buffer.byteLength(text) >= MIN_COMPRESSED_BYTES
}

/**
 * A serialized answer compressed in the best coding the client takes, or undefined to send it as it is: below
 * the threshold, when no coding is taken, and where there is no body (HEAD, 204, 304; HEAD's Content-Length
 * stays the plain one). `serialize` runs only when the client names codings at all; the size is checked before
 * the header is weighed, as most answers are small.
 */
export function compressAnswer(request: Request, status: unknown, serialize: () => string): { body: Uint8Array<ArrayBuffer>; coding: Coding } | undefined {
  if (request.method === 'HEAD' || status === 204 || status === 304) return undefined
  const header = request.headers.get('accept-encoding')
  if (!header) return undefined
  const text = serialize()
  const coding = largeEnough(text) ? negotiateEncoding(header, OFFERED) : undefined
  return coding && { body: ENCODERS[coding](text), coding }
}
