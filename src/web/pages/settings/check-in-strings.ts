import { defineStrings, plural } from '../../lib/i18n'

/**
 * The check-in settings section (docs/api/users.md §7). The trackers and sports are named by the check-in's own
 * strings (check-in/tracker-strings.ts), so each has one name on every page.
 */
export const checkInStrings = defineStrings({
  en: {
    title: 'Check-in', trackers: 'What you track', trackersHint: 'The check-in page shows these, in the order you turned them on.',
    sports: 'Your sports', sportsHint: 'Choose exactly five; the check-in page offers them.', sportsCount: '{n} of 5 chosen',
    needTracker: 'Choose at least one thing to track.', needFive: 'Choose exactly five sports.',
  },
  de: {
    title: 'Check-in', trackers: 'Was du festhältst', trackersHint: 'Die Check-in-Seite zeigt diese, in der Reihenfolge, in der du sie eingeschaltet hast.',
    sports: 'Deine Sportarten', sportsHint: 'Wähle genau fünf; die Check-in-Seite bietet sie an.', sportsCount: '{n} von 5 gewählt',
    needTracker: 'Wähle mindestens eine Sache zum Festhalten.', needFive: 'Wähle genau fünf Sportarten.',
  },
  fr: {
    title: 'Bilan du jour', trackers: 'Ce que vous suivez', trackersHint: 'La page du bilan les affiche dans l’ordre où vous les avez activés.',
    sports: 'Vos sports', sportsHint: 'Choisissez-en exactement cinq ; la page du bilan les propose.', sportsCount: plural('n', { one: '{n} choisi sur 5', other: '{n} choisis sur 5' }),
    needTracker: 'Choisissez au moins un élément à suivre.', needFive: 'Choisissez exactement cinq sports.',
  },
  es: {
    title: 'Registro diario', trackers: 'Lo que registras', trackersHint: 'La página del registro los muestra en el orden en que los activaste.',
    sports: 'Tus deportes', sportsHint: 'Elige exactamente cinco; la página del registro los ofrece.', sportsCount: plural('n', { one: '{n} elegido de 5', other: '{n} elegidos de 5' }),
    needTracker: 'Elige al menos una cosa que registrar.', needFive: 'Elige exactamente cinco deportes.',
  },
})
