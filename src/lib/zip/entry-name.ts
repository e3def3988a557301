/**
 * Whether an entry name is a relative, `/`-separated path that cannot lead out of the folder it is read into:
 * not empty, no leading `/`, drive letter or backslash, no control characters, no empty, `.` or `..` segment.
 * What a feature allows beyond that (a folder's trailing `/`, its own layout) is its own rule.
 */
export function isSafeEntryPath(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || /[\u0000-\u001f\u007f]/.test(name)) return false
  return !name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
}
