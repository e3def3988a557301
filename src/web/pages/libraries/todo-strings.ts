/** The words of the to-do toggle, the to-do list's filter and sort, and Today's to-do card. */
import { defineStrings } from '../../lib/i18n'

export const todoStrings = defineStrings({
  en: {
    doneNotice: '“{what}” done.', nextDue: 'The next one is due {day}.', reopened: '“{what}” is open again.',
    show: 'Show', open: 'Open', done: 'Done', all: 'All', sortBy: 'Sort by', due: 'Due date', created: 'Newest first',
    noOpen: 'Nothing left to do.', noDone: 'Nothing done yet.', dueHint: 'Due today and overdue', nothingDue: 'Nothing due today.',
    allTodos: 'All to-dos',
  },
  de: {
    doneNotice: '„{what}“ erledigt.', nextDue: 'Die nächste ist am {day} fällig.', reopened: '„{what}“ ist wieder offen.',
    show: 'Anzeigen', open: 'Offen', done: 'Erledigt', all: 'Alle', sortBy: 'Sortieren nach', due: 'Fälligkeit', created: 'Neueste zuerst',
    noOpen: 'Nichts mehr zu tun.', noDone: 'Noch nichts erledigt.', dueHint: 'Heute fällig und überfällig', nothingDue: 'Heute ist nichts fällig.',
    allTodos: 'Alle Aufgaben',
  },
  fr: {
    doneNotice: '« {what} » terminée.', nextDue: 'La prochaine est à faire le {day}.', reopened: '« {what} » est de nouveau à faire.',
    show: 'Afficher', open: 'À faire', done: 'Terminées', all: 'Toutes', sortBy: 'Trier par', due: 'Échéance', created: 'Plus récentes',
    noOpen: 'Plus rien à faire.', noDone: "Rien de terminé pour l'instant.", dueHint: "À faire aujourd'hui et en retard", nothingDue: "Rien à faire aujourd'hui.",
    allTodos: 'Toutes les tâches',
  },
  es: {
    doneNotice: '«{what}» hecha.', nextDue: 'La próxima vence el {day}.', reopened: '«{what}» vuelve a estar pendiente.',
    show: 'Mostrar', open: 'Pendientes', done: 'Hechas', all: 'Todas', sortBy: 'Ordenar por', due: 'Vencimiento', created: 'Más recientes',
    noOpen: 'No queda nada por hacer.', noDone: 'Todavía no has terminado nada.', dueHint: 'Vencen hoy o están vencidas', nothingDue: 'Nada vence hoy.',
    allTodos: 'Todas las tareas',
  },
})
