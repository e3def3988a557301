import { refuse } from "../refusal"
import type { Found } from "./found"
export function readDaylioBackup(_bytes: Uint8Array): Found { return refuse("todo") }
