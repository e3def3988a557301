/**
 * Languages of the app. Every page keeps its own strings next to it (`strings.ts`), declared with
 * `defineStrings`, whose type makes each language list exactly the keys of English: a missing translation is a
 * type error, not a blank on screen.
 *
 * A text that counts something declares its forms with `plural`: the language's own rules (Intl.PluralRules)
 * pick the form for the number, so "1 day" / "2 days", French "0 jour", and any language with more forms come
 * out right from one mechanism.
 */
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'

export const LANGS = ['en', 'de', 'fr', 'es'] as const
export type Lang = (typeof LANGS)[number]

const LOCALES: Record<Lang, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' }
/** The locale of a language, for Intl formatting. */
export const locale = (lang: Lang) => LOCALES[lang]

/** The forms of a counting text, chosen by the number in the variable `by`. `other` is required. */
export interface Plural {
  readonly by: string
  readonly forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }
}

/** `plural('count', { one: '{count} day', other: '{count} days' })`. */
export const plural = (by: string, forms: Plural['forms']): Plural => ({ by, forms })

export type Text = string | Plural
/** One language's texts; `T` is `string` for a set without plurals, so its entries read as plain strings. */
export type Strings<K extends string, T extends Text = Text> = Record<K, T>
export interface StringSet<K extends string, T extends Text = Text> { en: Strings<K, T>; de: Strings<K, T>; fr: Strings<K, T>; es: Strings<K, T> }

type Languages<K extends string, T extends Text> = { en: Strings<K, T> } & { de: Strings<NoInfer<K>, T>; fr: Strings<NoInfer<K>, T>; es: Strings<NoInfer<K>, T> }

/** A page's strings; a set without plurals reads as plain strings (`strings.en.title` is a string). */
export function defineStrings<K extends string>(set: Languages<K, string>): StringSet<K, string>
export function defineStrings<K extends string>(set: Languages<K, Text>): StringSet<K>
export function defineStrings<K extends string>(set: Languages<K, Text>): StringSet<K> {
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

export type Vars = Record<string, string | number>
export type Translate<K extends string> = (key: K, vars?: Vars) => string

const pluralRules = new Map<Lang, Intl.PluralRules>()

/** The wording of `text` for `vars`: a plural's form for its number (in `lang`'s rules), `{name}` filled in. */
export function render(text: Text, lang: Lang, vars?: Vars): string {
  let chosen: string
  if (typeof text === 'string') chosen = text
  else {
    let rules = pluralRules.get(lang)
    if (!rules) pluralRules.set(lang, rules = new Intl.PluralRules(locale(lang)))
    // A count given as formatted text ("1,234", "1.234") is read back as its whole number.
    const given = vars?.[text.by]
    const count = typeof given === 'number' ? given : Number(String(given ?? '').replace(/\D/g, ''))
    chosen = text.forms[rules.select(count)] ?? text.forms.other
  }
  return vars ? chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : chosen
}

export function translator<K extends string>(set: StringSet<K>, lang: Lang): Translate<K> {
  const table = set[lang]
  return (key, vars) => render(table[key], lang, vars)
}

export function useT<K extends string>(set: StringSet<K>): Translate<K> {
  return translator(set, useContext(LangContext))
}

export const useLang = () => useContext(LangContext)
