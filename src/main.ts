#!/usr/bin/env bun
// Composition root: run the command line; `serve` keeps the process alive until SIGTERM/SIGINT.
import { runCli } from './cli'

const code = await runCli(process.argv.slice(2))
if (code !== undefined) process.exit(code)
