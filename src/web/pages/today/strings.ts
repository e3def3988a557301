import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Today', morning: 'Good morning, {name}', afternoon: 'Good afternoon, {name}', evening: 'Good evening, {name}',
    checkIn: "Today's check-in", noCheckIn: "You haven't checked in today yet.", checkInNow: 'Check in now',
    editCheckIn: "Edit today's check-in", noValue: 'no value', values: 'Values of today',
    quickAdd: 'Quick add', quickAddLabel: 'A note, a to-do or a link', quickAddHint: 'To-dos understand due:tomorrow, repeat:weekly, #tags and /category.',
    add: 'Add', filed: 'Saved to {library}:', openLibrary: 'Open {library}', moreOptions: 'More options in quick add',
    clipboard: 'Clipboard', noClips: 'Nothing on your clipboard yet.', openClipboard: 'Open the clipboard', clipImage: 'Image from {time}',
    recent: 'Recently added', noItems: 'Nothing saved in your libraries yet.', allLibraries: 'All libraries',
  },
  de: {
    title: 'Heute', morning: 'Guten Morgen, {name}', afternoon: 'Guten Tag, {name}', evening: 'Guten Abend, {name}',
    checkIn: 'Heutiger Check-in', noCheckIn: 'Du hast heute noch nicht eingecheckt.', checkInNow: 'Jetzt einchecken',
    editCheckIn: 'Heutigen Check-in bearbeiten', noValue: 'kein Wert', values: 'Werte von heute',
    quickAdd: 'Schnell hinzufügen', quickAddLabel: 'Eine Notiz, eine Aufgabe oder ein Link', quickAddHint: 'Aufgaben verstehen due:tomorrow, repeat:weekly, #Tags und /Kategorie.',
    add: 'Hinzufügen', filed: 'Gespeichert in {library}:', openLibrary: '{library} öffnen', moreOptions: 'Mehr Möglichkeiten beim schnellen Hinzufügen',
    clipboard: 'Zwischenablage', noClips: 'Deine Zwischenablage ist noch leer.', openClipboard: 'Zwischenablage öffnen', clipImage: 'Bild vom {time}',
    recent: 'Zuletzt hinzugefügt', noItems: 'In deinen Sammlungen ist noch nichts gespeichert.', allLibraries: 'Alle Sammlungen',
  },
  fr: {
    title: "Aujourd'hui", morning: 'Bonjour, {name}', afternoon: 'Bon après-midi, {name}', evening: 'Bonsoir, {name}',
    checkIn: 'Bilan du jour', noCheckIn: "Vous n'avez pas encore fait votre bilan aujourd'hui.", checkInNow: 'Faire le bilan',
    editCheckIn: "Modifier le bilan d'aujourd'hui", noValue: 'aucune valeur', values: "Valeurs d'aujourd'hui",
    quickAdd: 'Ajout rapide', quickAddLabel: 'Une note, une tâche ou un lien', quickAddHint: 'Les tâches comprennent due:tomorrow, repeat:weekly, #étiquettes et /catégorie.',
    add: 'Ajouter', filed: 'Enregistré dans {library} :', openLibrary: 'Ouvrir {library}', moreOptions: "Plus d'options dans l'ajout rapide",
    clipboard: 'Presse-papiers', noClips: 'Votre presse-papiers est encore vide.', openClipboard: 'Ouvrir le presse-papiers', clipImage: 'Image du {time}',
    recent: 'Ajouts récents', noItems: "Rien n'est encore enregistré dans vos bibliothèques.", allLibraries: 'Toutes les bibliothèques',
  },
  es: {
    title: 'Hoy', morning: 'Buenos días, {name}', afternoon: 'Buenas tardes, {name}', evening: 'Buenas noches, {name}',
    checkIn: 'Registro de hoy', noCheckIn: 'Todavía no has hecho tu registro de hoy.', checkInNow: 'Registrar ahora',
    editCheckIn: 'Editar el registro de hoy', noValue: 'sin valor', values: 'Valores de hoy',
    quickAdd: 'Añadido rápido', quickAddLabel: 'Una nota, una tarea o un enlace', quickAddHint: 'Las tareas entienden due:tomorrow, repeat:weekly, #etiquetas y /categoría.',
    add: 'Añadir', filed: 'Guardado en {library}:', openLibrary: 'Abrir {library}', moreOptions: 'Más opciones en el añadido rápido',
    clipboard: 'Portapapeles', noClips: 'Tu portapapeles está vacío.', openClipboard: 'Abrir el portapapeles', clipImage: 'Imagen del {time}',
    recent: 'Añadido recientemente', noItems: 'Todavía no hay nada guardado en tus bibliotecas.', allLibraries: 'Todas las bibliotecas',
  },
})
