import { defineStrings, plural } from '../../lib/i18n'
import { thingNames } from '../../components/names'

/** The search page's words; the box in the shell has its own (search-box.tsx), so the shell carries only those. */
export const strings = defineStrings({
  en: {
    ...thingNames.en,
    title: 'Search', titleFor: 'Results for “{q}”',
    hint: 'Type a few words in the search box at the top of the page: they are looked for in your libraries, your clipboard and your day notes.',
    none: 'Nothing found for “{q}”. Only what holds every word is found: try fewer words.',
    count: plural('count', { one: '1 result', other: '{count} results' }),
    untitled: 'Untitled', clipOf: 'Clipboard text of {when}', noteOf: 'Day note of {day}', dayNote: 'Day note', savedOn: 'Saved',
  },
  de: {
    ...thingNames.de,
    title: 'Suche', titleFor: 'Ergebnisse für „{q}“',
    hint: 'Gib oben auf der Seite ein paar Wörter ins Suchfeld ein: Sie werden in deinen Sammlungen, deiner Zwischenablage und deinen Tagesnotizen gesucht.',
    none: 'Nichts gefunden für „{q}“. Gefunden wird nur, was jedes Wort enthält: Versuch es mit weniger Wörtern.',
    count: plural('count', { one: '1 Ergebnis', other: '{count} Ergebnisse' }),
    untitled: 'Ohne Titel', clipOf: 'Text in der Zwischenablage vom {when}', noteOf: 'Tagesnotiz vom {day}', dayNote: 'Tagesnotiz', savedOn: 'Gespeichert am',
  },
  fr: {
    ...thingNames.fr,
    title: 'Recherche', titleFor: 'Résultats pour « {q} »',
    hint: 'Saisissez quelques mots dans le champ de recherche en haut de la page : ils sont cherchés dans vos bibliothèques, votre presse-papiers et vos notes du jour.',
    none: 'Rien trouvé pour « {q} ». Seul ce qui contient chaque mot est trouvé : essayez avec moins de mots.',
    count: plural('count', { one: '{count} résultat', other: '{count} résultats' }),
    untitled: 'Sans titre', clipOf: 'Texte du presse-papiers du {when}', noteOf: 'Note du jour du {day}', dayNote: 'Note du jour', savedOn: 'Enregistré le',
  },
  es: {
    ...thingNames.es,
    title: 'Búsqueda', titleFor: 'Resultados de «{q}»',
    hint: 'Escribe unas palabras en el cuadro de búsqueda de arriba: se buscan en tus bibliotecas, tu portapapeles y tus notas del día.',
    none: 'No se encontró nada para «{q}». Solo aparece lo que contiene todas las palabras: prueba con menos.',
    count: plural('count', { one: '1 resultado', other: '{count} resultados' }),
    untitled: 'Sin título', clipOf: 'Texto del portapapeles del {when}', noteOf: 'Nota del día del {day}', dayNote: 'Nota del día', savedOn: 'Guardado el',
  },
})
