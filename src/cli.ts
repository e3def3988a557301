import { ConfigError, UsageError, loadConfig } from './config'
import { openRuntime } from './runtime'
import { VERSION } from './version'

export const USAGE = `daybook ${VERSION} - self-hosted personal life-tracking backend

Usage:
  daybook [serve]
  daybook migrate
  daybook user create --email <email> --name <name> [--password <password>] [--admin]
  daybook user verify <email>
  daybook user set-password <email> [--password <password>]
  daybook user list
  daybook backup [<file>]
  daybook restore <file>
  daybook --version | -v
  daybook --help | -h

Configuration comes from environment variables (see README.md); data lives in $DATA_DIR (default ./data).`

/** Runs one command; returns the exit code, or undefined when the server keeps running. */
export async function runCli(argv: string[]): Promise<number | undefined> {
  const [command = 'serve', ...rest] = argv
  try {
    switch (command) {
      case '--version': case '-v':
        console.log(`daybook ${VERSION}`)
        return 0
      case '--help': case '-h': case 'help':
        console.log(USAGE)
        return 0
      case 'serve': {
        // Loaded for `serve` only: the other commands need neither the HTTP app nor the bundled web files.
        const server = await import('./server').catch((err: Error) => {
          // From a checkout the web app is built by `npm start`; `bun src/main.ts` alone finds no bundle.
          if (String(err?.message).includes('dist/web/assets')) throw new UsageError('the web app is not built: run `npm run web:build` first (npm start does)')
          throw err
        })
        await server.serve()
        return undefined
      }
      case 'migrate': {
        const deps = openRuntime(loadConfig(), 'stderr')
        deps.db.$client.close()
        console.log('database is up to date')
        return 0
      }
      case 'backup': {
        const { runBackupCommand } = await import('./features/backups/backup-cli')
        return await runBackupCommand(rest, () => openRuntime(loadConfig(), 'stderr'))
      }
      case 'restore': {
        const { runRestoreCommand } = await import('./features/backups/backup-cli')
        return await runRestoreCommand(rest)
      }
      case 'user': {
        const { runUserCommand } = await import('./features/auth/account-cli')
        return await runUserCommand(rest, () => openRuntime(loadConfig(), 'stderr'))
      }
      default:
        throw new UsageError(`unknown command "${command}"\n\n${USAGE}`)
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError) { console.error(err.message); return 2 }
    console.error(err instanceof Error ? err.message : String(err))
    return 1
  }
}
