/** `daybook user …` (docs/configuration.md §3): create, verify, set-password, list; exit 0 done, 1 failed, 2 usage. */
import { parseArgs } from 'node:util'
import { UsageError } from '../../config'
import type { Deps } from '../../lib/deps'
import { iso } from '../../lib/clock'
import { ValidationError } from '../../lib/errors'
import { f, validate } from '../../lib/validation'
import { createAccount, findUserByEmail, uniqueEmail } from './accounts'
import { listAccounts, markAccountVerified, setAccountPassword, UnknownAccountError } from './account-admin'
import { newPasswordField } from './fields'

const USAGE = `usage:
  daybook user create --email <email> --name <name> [--password <password>] [--admin]
  daybook user verify <email>
  daybook user set-password <email> [--password <password>]
  daybook user list`

interface Parsed { positional: string[]; values: Record<string, string>; flags: Set<string> }

/**
 * `--name value` or `--name=value` for string options, bare `--flag` for boolean ones, split by node:util's
 * parseArgs. It runs non-strict and its tokens are checked here, so that a mistake is reported with our usage
 * text and a value may start with a dash (a password may).
 */
function readOptions(args: string[], types: Record<string, 'string' | 'boolean'> = {}): Parsed {
  const options = Object.fromEntries(Object.entries(types).map(([name, type]) => [name, { type }]))
  const { values, positionals, tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true })
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const type = Object.hasOwn(types, token.name) ? types[token.name] : undefined
    if (type === undefined || (type === 'boolean' && token.inlineValue)) {
      throw new UsageError(`unknown option ${token.rawName}${token.inlineValue ? `=${token.value}` : ''}\n\n${USAGE}`)
    }
    if (type === 'string' && token.value === undefined) throw new UsageError(`option ${token.rawName} needs a value\n\n${USAGE}`)
  }
  const parsed: Parsed = { positional: positionals, values: {}, flags: new Set() }
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') parsed.values[name] = value
    else if (value === true) parsed.flags.add(name)
  }
  return parsed
}

function onePositional(parsed: Parsed, usage: string): string {
  if (parsed.positional.length !== 1) throw new UsageError(`usage: daybook user ${usage}`)
  return parsed.positional[0]!
}

/** Invalid input that is not a field rule (mismatched prompts, cancelled prompt): exit 1. */
class InvalidInput extends Error {}

/** Typed without echo on a terminal (twice, to catch typos); otherwise the first line of stdin. */
async function readPassword(given: string | undefined): Promise<string> {
  if (given !== undefined) return given
  if (!process.stdin.isTTY) return readFirstLine()
  const first = await promptHidden('Password: ')
  const second = await promptHidden('Repeat password: ')
  if (first !== second) throw new InvalidInput('the passwords do not match')
  return first
}

async function readFirstLine(): Promise<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  const reader = Bun.stdin.stream().getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      const end = buffer.indexOf('\n')
      if (end !== -1) return buffer.slice(0, end).replace(/\r$/, '')
    }
    return buffer.replace(/\r$/, '')
  } finally {
    reader.releaseLock()
  }
}

function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin
  process.stderr.write(question)
  stdin.setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve, reject) => {
    let value = ''
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') { finish(); resolve(value); return }
        if (ch === '\u0003') { finish(); reject(new InvalidInput('cancelled')); return }
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('')
        else value += ch
      }
    }
    stdin.on('data', onData)
  })
}

async function createUser(deps: Deps, args: string[]): Promise<void> {
  const parsed = readOptions(args, { email: 'string', name: 'string', password: 'string', admin: 'boolean' })
  const { email, name, password } = parsed.values
  if (parsed.positional.length > 0 || email === undefined || name === undefined) {
    throw new UsageError('usage: daybook user create --email <email> --name <name> [--password <password>] [--admin]')
  }
  // Name and e-mail are checked before asking for a password, so a typo does not cost a prompt.
  const identity = validate({ name, email }, {
    name: f.string().required().max(255),
    email: f.string().required().email().check(uniqueEmail(deps)),
  })
  const secret = validate({ password: await readPassword(password) }, { password: newPasswordField() })
  const { user } = await createAccount(deps, {
    ...identity,
    password: secret.password,
    language: 'en',
    role: parsed.flags.has('admin') ? 'admin' : 'user',
    verified: true,
  })
  console.log(user.id)
}

async function setPassword(deps: Deps, args: string[]): Promise<void> {
  const parsed = readOptions(args, { password: 'string' })
  const email = onePositional(parsed, 'set-password <email> [--password <password>]')
  // An unknown address is reported before the prompt, so a typo does not cost typing a password twice.
  if (!findUserByEmail(deps, email)) throw new UnknownAccountError(email)
  const secret = validate({ password: await readPassword(parsed.values.password) }, { password: newPasswordField() })
  await setAccountPassword(deps, email, secret.password)
  console.log(`password set for ${email}; all sessions signed out`)
}

function verifyUser(deps: Deps, args: string[]): void {
  const email = onePositional(readOptions(args), 'verify <email>')
  console.log(markAccountVerified(deps, email) ? `verified ${email}` : `${email} was already verified`)
}

function listUsers(deps: Deps, args: string[]): void {
  if (args.length > 0) throw new UsageError('usage: daybook user list')
  console.log(['id', 'email', 'name', 'role', 'confirmed', 'created_at'].join('\t'))
  for (const u of listAccounts(deps)) {
    console.log([u.id, u.email, u.name, u.role, u.emailVerifiedAt === null ? 'no' : 'yes', iso(u.createdAt)].join('\t'))
  }
}

const COMMANDS: Record<string, (deps: Deps, args: string[]) => void | Promise<void>> = {
  create: createUser,
  verify: verifyUser,
  'set-password': setPassword,
  list: listUsers,
}

/** `daybook user …`; `openDeps` is called once the command is known, so a usage error opens nothing. */
export async function runUserCommand(args: string[], openDeps: () => Deps): Promise<number> {
  const [name, ...rest] = args
  const command = name === undefined ? undefined : COMMANDS[name]
  if (!command) throw new UsageError(name === undefined ? USAGE : `unknown command "user ${name}"\n\n${USAGE}`)
  const deps = openDeps()
  try {
    await command(deps, rest)
    return 0
  } catch (err) {
    if (err instanceof InvalidInput || err instanceof UnknownAccountError) {
      console.error(err.message)
      return 1
    }
    if (err instanceof ValidationError && err.errors && !Array.isArray(err.errors)) {
      for (const [field, messages] of Object.entries(err.errors)) console.error(`${field}: ${messages[0]}`)
      return 1
    }
    throw err
  } finally {
    deps.db.$client.close()
  }
}
