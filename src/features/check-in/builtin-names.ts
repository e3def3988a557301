/**
 * The built-in trackers' and sports' names in each language the server writes in (docs/api/check-in.md §4), for
 * what the server words itself: insights' sentences, the report, the weekly summary. The web app names them the same
 * way in its own bundle, which the server never imports.
 */
import type { Language } from '../users/setting-values'
import type { SportName } from '../users/settings-model'
import type { TrackerKey } from './trackers'

export const TRACKER_NAMES: Record<Language, Record<TrackerKey, string>> = {
  en: {
    mood: 'Mood', sleep: 'Sleep', dreams: 'Dreams', food_quality: 'Food quality', food_amount: 'Food amount', water: 'Water',
    sports: 'Sport', work: 'Work', menstruation: 'Menstruation', alcohol: 'Alcohol', smoking: 'Smoking', social_life: 'Social life',
  },
  de: {
    mood: 'Stimmung', sleep: 'Schlaf', dreams: 'Träume', food_quality: 'Essensqualität', food_amount: 'Essensmenge', water: 'Wasser',
    sports: 'Sport', work: 'Arbeit', menstruation: 'Menstruation', alcohol: 'Alkohol', smoking: 'Rauchen', social_life: 'Soziales',
  },
  fr: {
    mood: 'Humeur', sleep: 'Sommeil', dreams: 'Rêves', food_quality: 'Qualité des repas', food_amount: 'Quantité de nourriture', water: 'Eau',
    sports: 'Sport', work: 'Travail', menstruation: 'Règles', alcohol: 'Alcool', smoking: 'Tabac', social_life: 'Vie sociale',
  },
  es: {
    mood: 'Estado de ánimo', sleep: 'Calidad del sueño', dreams: 'Sueños', food_quality: 'Calidad de la comida', food_amount: 'Cantidad de comida',
    water: 'Agua', sports: 'Deporte', work: 'Trabajo', menstruation: 'Menstruación', alcohol: 'Alcohol', smoking: 'Tabaco', social_life: 'Vida social',
  },
}

/** The six built-in sports by their settings name (codes 1–6 in SPORTS' order). */
export const SPORT_NAMES: Record<Language, Record<SportName, string>> = {
  en: { dumbbell: 'Strength training', bike: 'Cycling', mountain: 'Hiking', footprints: 'Walking', waves_ladder: 'Swimming', yoga: 'Yoga' },
  de: { dumbbell: 'Krafttraining', bike: 'Radfahren', mountain: 'Wandern', footprints: 'Spazierengehen', waves_ladder: 'Schwimmen', yoga: 'Yoga' },
  fr: { dumbbell: 'Musculation', bike: 'Vélo', mountain: 'Randonnée', footprints: 'Marche', waves_ladder: 'Natation', yoga: 'Yoga' },
  es: { dumbbell: 'Entrenamiento de fuerza', bike: 'Ciclismo', mountain: 'Senderismo', footprints: 'Caminar', waves_ladder: 'Natación', yoga: 'Yoga' },
}
