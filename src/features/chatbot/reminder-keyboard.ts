/**
 * The check-in reminder's inline keyboard (docs/api/chatbot.md §6.4): the choices of one question as buttons whose
 * callback data is a signed answer (reminder-answers/token.ts), then "Done" and "Open daybook" (a URL button to the
 * day's check-in page), and the texts the message shows while it walks through the questions.
 */
import type { Deps } from '../../lib/deps'
import type { CheckInDay } from '../check-in/store'
import type { Question } from '../reminder-answers/questions'
import { signAnswer } from '../reminder-answers/token'
import { checkInPage } from '../reminder-answers/day-pass'

interface Button { text: string; callback_data?: string; url?: string }
export interface InlineKeyboard { inline_keyboard: Button[][] }

/** The question code of the "Done" button. */
export const DONE = 'd'
const ROW = 6
const MOOD_FACES = ['😖', '🙁', '😐', '🙂', '😄']


function label(question: Question, value: number, text: string): string {
  // Mood is first and unannounced in the reminder's text: its faces say what it asks.
  return question.code === 'b0' ? `${MOOD_FACES[value - 1]} ${value}` : text
}

/** The keyboard asking `question` (none: only the link, the walk is over); undefined when a token cannot be made. */
export function answerKeyboard(deps: Pick<Deps, 'appKey' | 'config'>, userId: string, date: string, question: Question | undefined): InlineKeyboard | undefined {
  const open: Button = { text: 'Open daybook', url: checkInPage(deps, date) }
  if (!question) return { inline_keyboard: [[open]] }
  const token = (q: string, value: number) => signAnswer(deps.appKey, { use: 't', userId, date, question: q, value })
  const buttons: Button[] = []
  for (const choice of question.choices) {
    const data = token(question.code, choice.value)
    if (data === undefined) return undefined
    buttons.push({ text: label(question, choice.value, choice.label), callback_data: data })
  }
  const rows: Button[][] = []
  for (let i = 0; i < buttons.length; i += ROW) rows.push(buttons.slice(i, i + ROW))
  rows.push([{ text: 'Done', callback_data: token(DONE, 0)! }, open])
  return { inline_keyboard: rows }
}

/** What the message says after a tap: the answers so far, then the next question or that the check-in is saved. */
export function walkText(date: string, questions: Question[], day: CheckInDay | undefined, next: Question | undefined): string {
  const answered = questions.flatMap((q) => {
    const value = q.stored(day)
    if (value === undefined) return []
    return [`${q.label}: ${q.choices.find((c) => c.value === value)?.label ?? value}`]
  })
  const head = next ? `Check-in for ${date}` : `Check-in for ${date} saved.`
  return [head, ...answered, ...(next ? ['', `${next.label}?`] : [])].join('\n')
}
