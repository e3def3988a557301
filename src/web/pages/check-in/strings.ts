import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Check-in', date: 'Date', previousDay: 'Previous day', nextDay: 'Next day', goToday: 'Go to today',
    todayMark: '{day} (today)', future: 'This day is still ahead — you can fill it in anyway.',
    badDate: 'The address named no valid date, so today is shown.',
    clear: 'Clear', clearTracker: 'Clear {name}', save: 'Save check-in', saved: 'Check-in for {day} saved.',
    lastSaved: 'Last saved {time}.', notSaved: 'Nothing saved for this day yet.',
    chooseTrackers: 'Which trackers appear here is up to you:', settingsLink: 'check-in settings',
    noValue: 'No value',
  },
  de: {
    title: 'Check-in', date: 'Datum', previousDay: 'Vorheriger Tag', nextDay: 'Nächster Tag', goToday: 'Zu heute',
    todayMark: '{day} (heute)', future: 'Dieser Tag liegt noch in der Zukunft – du kannst ihn trotzdem ausfüllen.',
    badDate: 'Die Adresse enthielt kein gültiges Datum, deshalb siehst du heute.',
    clear: 'Leeren', clearTracker: '{name} leeren', save: 'Check-in speichern', saved: 'Check-in für {day} gespeichert.',
    lastSaved: 'Zuletzt gespeichert: {time}.', notSaved: 'Für diesen Tag ist noch nichts gespeichert.',
    chooseTrackers: 'Welche Tracker hier erscheinen, legst du fest:', settingsLink: 'Check-in-Einstellungen',
    noValue: 'Kein Wert',
  },
  fr: {
    title: 'Bilan du jour', date: 'Date', previousDay: 'Jour précédent', nextDay: 'Jour suivant', goToday: "Aller à aujourd'hui",
    todayMark: "{day} (aujourd'hui)", future: "Ce jour n'est pas encore arrivé — vous pouvez quand même le remplir.",
    badDate: "L'adresse ne contenait pas de date valide : voici aujourd'hui.",
    clear: 'Effacer', clearTracker: 'Effacer {name}', save: 'Enregistrer le bilan', saved: 'Bilan du {day} enregistré.',
    lastSaved: 'Dernier enregistrement : {time}.', notSaved: "Rien n'est encore enregistré pour ce jour.",
    chooseTrackers: 'Vous choisissez les suivis affichés ici :', settingsLink: 'réglages du bilan',
    noValue: 'Aucune valeur',
  },
  es: {
    title: 'Registro diario', date: 'Fecha', previousDay: 'Día anterior', nextDay: 'Día siguiente', goToday: 'Ir a hoy',
    todayMark: '{day} (hoy)', future: 'Este día aún no ha llegado; puedes rellenarlo de todos modos.',
    badDate: 'La dirección no contenía una fecha válida, así que se muestra hoy.',
    clear: 'Borrar', clearTracker: 'Borrar {name}', save: 'Guardar registro', saved: 'Registro del {day} guardado.',
    lastSaved: 'Guardado por última vez: {time}.', notSaved: 'Todavía no hay nada guardado para este día.',
    chooseTrackers: 'Tú eliges qué indicadores aparecen aquí:', settingsLink: 'ajustes del registro',
    noValue: 'Sin valor',
  },
})
