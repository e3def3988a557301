// BACKUP_S3_URL → where off-site copies of backups go. No imports at all: config.ts (the bottom of the dependency
// order) parses the variable with this function, and offsite.ts re-exports it beside the functions that use it.

/** An S3-compatible bucket (and key prefix) that receives a copy of every backup. */
export interface S3Target {
  /** http(s)://host[:port] of the store (no credentials) */
  endpoint: string
  bucket: string
  /** key prefix without leading or trailing slash; '' puts the copies at the bucket's root */
  prefix: string
  region: string
  accessKeyId: string
  /** never logged, never part of an error message or of `where` */
  secretAccessKey: string
  /** bucket in the host name (`style=virtual`) instead of the path */
  virtualHostedStyle: boolean
  /** how long one request (a listing page, a delete) may take; an upload gets more, see offsite.ts */
  timeoutMs: number
  /** `s3://host[:port]/bucket/prefix`: where the copies are, safe to log and to show to the admin */
  where: string
}

const QUERY_KEYS = ['region', 'secure', 'style', 'timeout'] as const

/**
 * Parses `s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix…][?region=…&secure=false&style=virtual&timeout=60]`.
 * Credentials are percent-encoded like in any URL (a `/` in a secret is `%2F`). Throws an Error whose message
 * says what is wrong without ever repeating the value, which holds a secret.
 */
export function parseS3Url(value: string): S3Target {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new Error('must be a URL of the form s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]')
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3://')
  if (!url.hostname) throw new Error('must name the host of the S3-compatible store')
  let accessKeyId: string
  let secretAccessKey: string
  try {
    accessKeyId = decodeURIComponent(url.username)
    secretAccessKey = decodeURIComponent(url.password)
  } catch {
    throw new Error('has badly percent-encoded credentials')
  }
  if (!accessKeyId || !secretAccessKey) throw new Error('must hold credentials: s3://ACCESS_KEY:SECRET@host/bucket')
  let segments: string[]
  try {
    segments = url.pathname.split('/').filter((s) => s !== '').map(decodeURIComponent)
  } catch {
    throw new Error('has a badly percent-encoded bucket or prefix')
  }
  const [bucket, ...prefixParts] = segments
  if (!bucket) throw new Error('must name a bucket: s3://ACCESS_KEY:SECRET@host/bucket[/prefix]')
  // S3's bucket naming rules, plus `_` which some compatible stores allow.
  if (!/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error('has an invalid bucket name (3–63 characters: lower-case letters, digits, ".", "-", "_")')
  }
  for (const part of prefixParts) {
    if (part === '.' || part === '..' || /[\u0000-\u001f\u007f\\]/.test(part)) throw new Error('has an invalid prefix')
  }
  const prefix = prefixParts.join('/')
  if (prefix.length > 512) throw new Error('has a prefix longer than 512 characters')

  for (const key of url.searchParams.keys()) {
    if (!(QUERY_KEYS as readonly string[]).includes(key)) {
      throw new Error(`has an unknown option "${key.slice(0, 40)}" (known: ${QUERY_KEYS.join(', ')})`)
    }
  }
  const q = (k: (typeof QUERY_KEYS)[number]) => url.searchParams.get(k)?.trim() || undefined
  const region = q('region') ?? 'us-east-1'
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new Error('has an invalid region (letters, digits and "-")')
  const secure = q('secure') ?? 'true'
  if (!['true', 'false'].includes(secure)) throw new Error('option secure must be true or false')
  const style = q('style') ?? 'path'
  if (!['path', 'virtual'].includes(style)) throw new Error('option style must be path or virtual')
  const timeout = q('timeout') ?? '60'
  if (!/^[0-9]+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 3600) {
    throw new Error('option timeout must be a number of seconds from 1 to 3600')
  }

  const hostPort = url.port ? `${url.hostname}:${url.port}` : url.hostname
  const virtualHostedStyle = style === 'virtual'
  const scheme = secure === 'true' ? 'https' : 'http'
  return {
    // Virtual-hosted style: the client sends to the endpoint as given, so the bucket goes into its host name.
    endpoint: `${scheme}://${virtualHostedStyle ? `${bucket}.${hostPort}` : hostPort}`,
    bucket,
    prefix,
    region,
    accessKeyId,
    secretAccessKey,
    virtualHostedStyle,
    timeoutMs: Number(timeout) * 1000,
    where: `s3://${hostPort}/${bucket}${prefix ? '/' + prefix : ''}`,
  }
}
