/** The bot's fixed texts (docs/api/chatbot.md §5.3–5.7, 6.2); all English, all plain text. */

export const UNLINKED_REPLY = 'Hey! It seems you have not yet connected your Telegram Account. Please use the /connect command to do so.'

export const HELP_TEXT = [
  'Here is what I can do:',
  '/connect <token> - link this chat to your daybook account',
  '/day - show your day',
  '/todos - list your open todos',
  '/disconnect - unlink this chat',
  '/help - show this message',
  'Send me any text or link and I will add it for you.',
].join('\n')

export const TEXT_ONLY = 'Sorry, I can only handle text messages.'
export const UNKNOWN_COMMAND = 'Unknown command. Send /help to see what I can do.'
export const DISCONNECTED = 'This chat is no longer connected to your account.'
export const UNEXPECTED = "Sorry, something unexpected happened. I'm trying to fix it."

export const CONNECT_USAGE = 'Please send your token like this: /connect <token>'
export const TOKEN_UNKNOWN = 'Sorry, I could not correctly identify your token. Check with the App again?'
export const TOKEN_ALREADY_REGISTERED = 'Your token was already registered. Everything is already great! Feel free to have a chat :)'
export const TOKEN_EXPIRED = 'This token has expired. Please request a new one in the app.'
export const TOKEN_ACCEPTED = 'Your token was accepted. The app is now connected to your Telegram Account.'

export const NO_TODOS = 'You have no todos. Enjoy the free time!'

export const DIALOGUE_PROMPT = 'What should I add this as?\n\nPick one of the options below.'
export const DIALOGUE_CANCELLED = 'Got it. Nothing was added.'
export const ADD_REFUSED = "I couldn't add that. Try a different link or be more specific?"

export const DIALOGUE_KEYBOARD = {
  keyboard: [
    [{ text: 'Todo' }, { text: 'Note' }, { text: 'Quote' }],
    [{ text: 'Clipboard' }, { text: 'Link' }, { text: 'Recipe' }],
    [{ text: 'Cancel' }],
  ],
  resize_keyboard: true,
  one_time_keyboard: true,
}

export const REMOVE_KEYBOARD = { remove_keyboard: true }

/** The keyboard labels (compared case-insensitively) and the content type each commits. */
export const DIALOGUE_CHOICES: Record<string, string> = {
  todo: 'todo', note: 'note', quote: 'quotes', clipboard: 'clipboard', link: 'links', recipe: 'recipes',
}

export const ADDED_REPLIES: Record<string, string> = {
  links: 'Got it. Link added to your library.',
  music: 'Got it. Album added to your music library.',
  books: 'Got it. Book added to your library.',
  movies: 'Got it. Movie added to your library.',
  games: 'Got it. Game added to your library.',
  recipes: 'Got it. Recipe saved.',
  plants: 'Got it. Plant added to your library.',
  quotes: 'Got it. Quote saved.',
  todo: 'Got it. Added to your todos.',
  note: 'Got it. Saved as a note.',
  feed: 'Got it. Feed subscription added.',
  clipboard: 'Got it. Added to your clipboard.',
}

export const COMMANDS = [
  { command: 'connect', description: 'Connect your daybook account' },
  { command: 'day', description: 'Summarize my day' },
  { command: 'todos', description: 'List todos' },
  { command: 'help', description: 'Show help' },
  { command: 'disconnect', description: 'Disconnect this chat' },
]

/** docs/api/chatbot.md §6.2; a person with trackers of their own is reminded of them by name. */
export function checkInReminderText(frontendUrl: string, date: string, ownTrackers: readonly string[] = []): string {
  const own = ownTrackers.length > 0 ? `\nYour trackers: ${ownTrackers.join(', ')}` : ''
  return `Daily Check-in Reminder\nHave you completed your daily check-in yet?${own}\nCheck In: ${frontendUrl}/check-in/date/${date}`
}

/** The short notes a tap on a reminder's button shows (answerCallbackQuery, docs/api/chatbot.md §6.4). */
export const TAP_SAVED = 'Saved.'
export const TAP_ALREADY = 'Already saved. Change it in the app.'
export const TAP_EXPIRED = 'This reminder has expired. Check in from the app.'
export const TAP_FORGED = 'This button is not valid.'
export const TAP_OTHER_CHAT = 'This button belongs to another chat.'
export const TAP_GONE = 'This question is no longer asked. Check in from the app.'
