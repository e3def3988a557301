import { defineStrings } from '../../lib/i18n'

/** Trackers and sports of docs/api/check-in.md §4, and the check-in settings section (docs/api/users.md §7). */
export const checkInStrings = defineStrings({
  en: {
    title: 'Check-in', trackers: 'What you track', trackersHint: 'The check-in page shows these, in the order you turned them on.',
    sports: 'Your sports', sportsHint: 'Choose exactly five; the check-in page offers them.', sportsCount: '{n} of 5 chosen',
    needTracker: 'Choose at least one thing to track.', needFive: 'Choose exactly five sports.',
    mood: 'Mood', sleep: 'Sleep', dreams: 'Dreams', food_quality: 'Food quality', food_amount: 'Food amount', water: 'Water',
    work: 'Work', menstruation: 'Menstruation', alcohol: 'Alcohol', smoking: 'Smoking', social_life: 'Social life', sportsTracker: 'Sports',
    dumbbell: 'Gym', bike: 'Cycling', mountain: 'Hiking', footprints: 'Walking', waves_ladder: 'Swimming', yoga: 'Yoga',
  },
  de: {
    title: 'Check-in', trackers: 'Was du festhältst', trackersHint: 'Die Check-in-Seite zeigt diese, in der Reihenfolge, in der du sie eingeschaltet hast.',
    sports: 'Deine Sportarten', sportsHint: 'Wähle genau fünf; die Check-in-Seite bietet sie an.', sportsCount: '{n} von 5 gewählt',
    needTracker: 'Wähle mindestens eine Sache zum Festhalten.', needFive: 'Wähle genau fünf Sportarten.',
    mood: 'Stimmung', sleep: 'Schlaf', dreams: 'Träume', food_quality: 'Essensqualität', food_amount: 'Essensmenge', water: 'Wasser',
    work: 'Arbeit', menstruation: 'Menstruation', alcohol: 'Alkohol', smoking: 'Rauchen', social_life: 'Soziales Leben', sportsTracker: 'Sport',
    dumbbell: 'Krafttraining', bike: 'Radfahren', mountain: 'Wandern', footprints: 'Spazierengehen', waves_ladder: 'Schwimmen', yoga: 'Yoga',
  },
  fr: {
    title: 'Bilan du jour', trackers: 'Ce que vous suivez', trackersHint: 'La page du bilan les affiche dans l’ordre où vous les avez activés.',
    sports: 'Vos sports', sportsHint: 'Choisissez-en exactement cinq ; la page du bilan les propose.', sportsCount: '{n} sur 5 choisis',
    needTracker: 'Choisissez au moins un élément à suivre.', needFive: 'Choisissez exactement cinq sports.',
    mood: 'Humeur', sleep: 'Sommeil', dreams: 'Rêves', food_quality: 'Qualité des repas', food_amount: 'Quantité de nourriture', water: 'Eau',
    work: 'Travail', menstruation: 'Règles', alcohol: 'Alcool', smoking: 'Tabac', social_life: 'Vie sociale', sportsTracker: 'Sport',
    dumbbell: 'Musculation', bike: 'Vélo', mountain: 'Randonnée', footprints: 'Marche', waves_ladder: 'Natation', yoga: 'Yoga',
  },
  es: {
    title: 'Registro diario', trackers: 'Lo que registras', trackersHint: 'La página del registro los muestra en el orden en que los activaste.',
    sports: 'Tus deportes', sportsHint: 'Elige exactamente cinco; la página del registro los ofrece.', sportsCount: '{n} de 5 elegidos',
    needTracker: 'Elige al menos una cosa que registrar.', needFive: 'Elige exactamente cinco deportes.',
    mood: 'Estado de ánimo', sleep: 'Calidad del sueño', dreams: 'Sueños', food_quality: 'Calidad de la comida', food_amount: 'Cantidad de comida', water: 'Agua',
    work: 'Trabajo', menstruation: 'Menstruación', alcohol: 'Alcohol', smoking: 'Tabaco', social_life: 'Vida social', sportsTracker: 'Deporte',
    dumbbell: 'Gimnasio', bike: 'Ciclismo', mountain: 'Senderismo', footprints: 'Caminar', waves_ladder: 'Natación', yoga: 'Yoga',
  },
})
