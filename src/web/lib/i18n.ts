/**
 * Languages of the app. Every page keeps its own strings next to it (`strings.ts`), declared with
 * `defineStrings`, whose type makes each language list exactly the keys of English: a missing translation is a
 * type error, not a blank on screen.
 */
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'

export const LANGS = ['en', 'de', 'fr', 'es'] as const
export type Lang = (typeof LANGS)[number]

export type Strings<K extends string> = Record<K, string>
export interface StringSet<K extends string> { en: Strings<K>; de: Strings<K>; fr: Strings<K>; es: Strings<K> }

export function defineStrings<K extends string>(set: { en: Strings<K> } & { de: Strings<NoInfer<K>>; fr: Strings<NoInfer<K>>; es: Strings<NoInfer<K>> }): StringSet<K> {
  return set
}

/** The browser's preferred language among ours, for pages before sign-in. */
export function browserLang(): Lang {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase()
    if ((LANGS as readonly string[]).includes(base)) return base as Lang
  }
  return 'en'
}

export const LangContext = createContext<Lang>('en')

export type Translate<K extends string> = (key: K, vars?: Record<string, string | number>) => string

/** `{name}` placeholders are filled from `vars`. */
export function translator<K extends string>(set: StringSet<K>, lang: Lang): Translate<K> {
  const table = set[lang]
  return (key, vars) => {
    const text = table[key]
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text
  }
}

export function useT<K extends string>(set: StringSet<K>): Translate<K> {
  return translator(set, useContext(LangContext))
}

export const useLang = () => useContext(LangContext)
