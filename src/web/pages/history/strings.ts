import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'History', period: 'Period', days30: '30 days', days90: '90 days', year: '1 year',
    trends: 'Trends', calendar: 'Calendar', tracker: 'Tracker', sport: 'Sport',
    summary: 'Average {average} · values on {count} of {days} days', noValues: 'No values in this period.',
    sportSummary: 'Sport on {count} of {days} days', sportDays: '{sport}: {count} days',
    calendarLabel: '{tracker}, {from} to {to}', noEntry: 'no entry', noValue: 'no value',
    legend: 'Legend', legendSport: 'sport',
    empty: 'No check-ins in the last year yet.', startCheckIn: 'Fill in your first check-in',
    table: 'Show the values as a table', tableCaption: 'Values from {from} to {to}', date: 'Date',
  },
  de: {
    title: 'Verlauf', period: 'Zeitraum', days30: '30 Tage', days90: '90 Tage', year: '1 Jahr',
    trends: 'Entwicklung', calendar: 'Kalender', tracker: 'Tracker', sport: 'Sport',
    summary: 'Durchschnitt {average} · Werte an {count} von {days} Tagen', noValues: 'Keine Werte in diesem Zeitraum.',
    sportSummary: 'Sport an {count} von {days} Tagen', sportDays: '{sport}: {count} Tage',
    calendarLabel: '{tracker}, {from} bis {to}', noEntry: 'kein Eintrag', noValue: 'kein Wert',
    legend: 'Legende', legendSport: 'Sport',
    empty: 'Im letzten Jahr gibt es noch keine Check-ins.', startCheckIn: 'Ersten Check-in ausfüllen',
    table: 'Werte als Tabelle zeigen', tableCaption: 'Werte vom {from} bis {to}', date: 'Datum',
  },
  fr: {
    title: 'Historique', period: 'Période', days30: '30 jours', days90: '90 jours', year: '1 an',
    trends: 'Tendances', calendar: 'Calendrier', tracker: 'Suivi', sport: 'Sport',
    summary: 'Moyenne {average} · valeurs sur {count} des {days} jours', noValues: 'Aucune valeur sur cette période.',
    sportSummary: 'Sport {count} jours sur {days}', sportDays: '{sport} : {count} jours',
    calendarLabel: '{tracker}, du {from} au {to}', noEntry: 'aucune saisie', noValue: 'aucune valeur',
    legend: 'Légende', legendSport: 'sport',
    empty: "Aucun bilan sur l'année écoulée pour l'instant.", startCheckIn: 'Remplir votre premier bilan',
    table: 'Afficher les valeurs sous forme de tableau', tableCaption: 'Valeurs du {from} au {to}', date: 'Date',
  },
  es: {
    title: 'Historial', period: 'Periodo', days30: '30 días', days90: '90 días', year: '1 año',
    trends: 'Tendencias', calendar: 'Calendario', tracker: 'Indicador', sport: 'Deporte',
    summary: 'Media {average} · valores en {count} de {days} días', noValues: 'No hay valores en este periodo.',
    sportSummary: 'Deporte en {count} de {days} días', sportDays: '{sport}: {count} días',
    calendarLabel: '{tracker}, del {from} al {to}', noEntry: 'sin registro', noValue: 'sin valor',
    legend: 'Leyenda', legendSport: 'deporte',
    empty: 'Todavía no hay registros del último año.', startCheckIn: 'Rellenar tu primer registro',
    table: 'Mostrar los valores como tabla', tableCaption: 'Valores del {from} al {to}', date: 'Fecha',
  },
})
