import { defineStrings, plural } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Libraries', intro: 'Everything you saved with quick add, sorted by kind.', items: plural('n', { one: '{n} item', other: '{n} items' }),
    nothingYet: 'Nothing saved yet.', addSome: 'Add something with quick add', newTab: '(opens in a new tab)', all: 'All libraries',
    empty: 'This library is empty.', unknown: 'Library not found', unknownText: 'There is no library called “{type}”.',
    deleted: '“{what}” was deleted.', list: 'Items in {library}', clipboardHint: 'Texts and images you keep for later',
    edit: 'Edit', editWhat: 'Edit “{what}”', saved: '“{what}” was saved.', none: 'Not set', minutesHint: 'In minutes',
    tagsHint: 'Separate tags with commas', markdownHint: 'Markdown: # heading, **bold**, *italic*, - list, [text](https://…)',
    preview: 'Preview', previewOf: 'Preview of {what}', nothingToPreview: 'Nothing to preview yet.',
  },
  de: {
    title: 'Sammlungen', intro: 'Alles, was du mit „Schnell hinzufügen“ gespeichert hast, nach Art sortiert.', items: plural('n', { one: '{n} Eintrag', other: '{n} Einträge' }),
    nothingYet: 'Noch nichts gespeichert.', addSome: 'Füge etwas mit „Schnell hinzufügen“ hinzu', newTab: '(öffnet in neuem Tab)', all: 'Alle Sammlungen',
    empty: 'Diese Sammlung ist leer.', unknown: 'Sammlung nicht gefunden', unknownText: 'Es gibt keine Sammlung namens „{type}“.',
    deleted: '„{what}“ wurde gelöscht.', list: 'Einträge in {library}', clipboardHint: 'Texte und Bilder, die du für später aufhebst',
    edit: 'Bearbeiten', editWhat: '„{what}“ bearbeiten', saved: '„{what}“ wurde gespeichert.', none: 'Nicht angegeben', minutesHint: 'In Minuten',
    tagsHint: 'Tags durch Kommas trennen', markdownHint: 'Markdown: # Überschrift, **fett**, *kursiv*, - Liste, [Text](https://…)',
    preview: 'Vorschau', previewOf: 'Vorschau von {what}', nothingToPreview: 'Noch nichts für die Vorschau.',
  },
  fr: {
    title: 'Bibliothèques', intro: "Tout ce que vous avez enregistré avec l'ajout rapide, classé par genre.", items: plural('n', { one: '{n} élément', other: '{n} éléments' }),
    nothingYet: "Rien d'enregistré pour l'instant.", addSome: "Ajoutez quelque chose avec l'ajout rapide", newTab: '(ouvre un nouvel onglet)', all: 'Toutes les bibliothèques',
    empty: 'Cette bibliothèque est vide.', unknown: 'Bibliothèque introuvable', unknownText: "Il n'existe pas de bibliothèque « {type} ».",
    deleted: '« {what} » a été supprimé.', list: 'Éléments de {library}', clipboardHint: 'Textes et images gardés pour plus tard',
    edit: 'Modifier', editWhat: 'Modifier « {what} »', saved: '« {what} » a été enregistré.', none: 'Non précisé', minutesHint: 'En minutes',
    tagsHint: 'Séparez les étiquettes par des virgules', markdownHint: 'Markdown : # titre, **gras**, *italique*, - liste, [texte](https://…)',
    preview: 'Aperçu', previewOf: 'Aperçu de {what}', nothingToPreview: "Rien à afficher pour l'instant.",
  },
  es: {
    title: 'Bibliotecas', intro: 'Todo lo que guardaste con el añadido rápido, ordenado por tipo.', items: plural('n', { one: '{n} elemento', other: '{n} elementos' }),
    nothingYet: 'Todavía no has guardado nada.', addSome: 'Añade algo con el añadido rápido', newTab: '(se abre en una pestaña nueva)', all: 'Todas las bibliotecas',
    empty: 'Esta biblioteca está vacía.', unknown: 'Biblioteca no encontrada', unknownText: 'No existe ninguna biblioteca llamada «{type}».',
    deleted: '«{what}» se ha eliminado.', list: 'Elementos de {library}', clipboardHint: 'Textos e imágenes que guardas para después',
    edit: 'Editar', editWhat: 'Editar «{what}»', saved: '«{what}» se ha guardado.', none: 'Sin indicar', minutesHint: 'En minutos',
    tagsHint: 'Separa las etiquetas con comas', markdownHint: 'Markdown: # título, **negrita**, *cursiva*, - lista, [texto](https://…)',
    preview: 'Vista previa', previewOf: 'Vista previa de {what}', nothingToPreview: 'Todavía no hay nada que mostrar.',
  },
})
