#!/usr/bin/env bun
// Composition root: run the command line; `serve` keeps the process alive until SIGTERM/SIGINT.
import { runCli } from './cli'
import { applyJscOptions } from './lib/jsc-options'

const args = process.argv.slice(2)
if ((args[0] ?? 'serve') === 'serve') applyJscOptions(args)
const code = await runCli(args)
if (code !== undefined) process.exit(code)
