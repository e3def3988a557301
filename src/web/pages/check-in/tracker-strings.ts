/**
 * Names of the trackers and sports, and what the ends of each 1–5 scale mean (the server stores only numbers:
 * docs/api/check-in.md §4). Shared by the check-in, today and history pages.
 */
import { defineStrings, type Translate } from '../../lib/i18n'
import type { Sport, Tracker } from './trackers'

export const trackerStrings = defineStrings({
  en: {
    mood: 'Mood', mood_low: 'bad', mood_high: 'great',
    sleep: 'Sleep', sleep_low: 'poor', sleep_high: 'excellent',
    dreams: 'Dreams', dreams_low: 'none', dreams_high: 'very vivid',
    food_quality: 'Food quality', food_quality_low: 'poor', food_quality_high: 'excellent',
    food_amount: 'Food amount', food_amount_low: 'very little', food_amount_high: 'a lot',
    water: 'Water', water_low: 'very little', water_high: 'plenty',
    work: 'Work', work_low: 'very little', work_high: 'a lot',
    menstruation: 'Menstruation', menstruation_low: 'very light', menstruation_high: 'very heavy',
    alcohol: 'Alcohol', alcohol_low: 'very little', alcohol_high: 'a lot',
    smoking: 'Smoking', smoking_low: 'very little', smoking_high: 'a lot',
    social_life: 'Social life', social_life_low: 'quiet', social_life_high: 'very social',
    sports: 'Sport',
    sport_dumbbell: 'Strength training', sport_bike: 'Cycling', sport_mountain: 'Hiking', sport_footprints: 'Walking',
    sport_waves_ladder: 'Swimming', sport_yoga: 'Yoga',
    scale: '1 = {low} · 5 = {high}',
  },
  de: {
    mood: 'Stimmung', mood_low: 'schlecht', mood_high: 'super',
    sleep: 'Schlaf', sleep_low: 'schlecht', sleep_high: 'ausgezeichnet',
    dreams: 'Träume', dreams_low: 'keine', dreams_high: 'sehr lebhaft',
    food_quality: 'Essensqualität', food_quality_low: 'schlecht', food_quality_high: 'ausgezeichnet',
    food_amount: 'Essensmenge', food_amount_low: 'sehr wenig', food_amount_high: 'sehr viel',
    water: 'Wasser', water_low: 'sehr wenig', water_high: 'reichlich',
    work: 'Arbeit', work_low: 'sehr wenig', work_high: 'sehr viel',
    menstruation: 'Menstruation', menstruation_low: 'sehr schwach', menstruation_high: 'sehr stark',
    alcohol: 'Alkohol', alcohol_low: 'sehr wenig', alcohol_high: 'sehr viel',
    smoking: 'Rauchen', smoking_low: 'sehr wenig', smoking_high: 'sehr viel',
    social_life: 'Soziales', social_life_low: 'ruhig', social_life_high: 'sehr gesellig',
    sports: 'Sport',
    sport_dumbbell: 'Krafttraining', sport_bike: 'Radfahren', sport_mountain: 'Wandern', sport_footprints: 'Spazierengehen',
    sport_waves_ladder: 'Schwimmen', sport_yoga: 'Yoga',
    scale: '1 = {low} · 5 = {high}',
  },
  fr: {
    mood: 'Humeur', mood_low: 'mauvaise', mood_high: 'excellente',
    sleep: 'Sommeil', sleep_low: 'mauvais', sleep_high: 'excellent',
    dreams: 'Rêves', dreams_low: 'aucun', dreams_high: 'très intenses',
    food_quality: 'Qualité des repas', food_quality_low: 'mauvaise', food_quality_high: 'excellente',
    food_amount: 'Quantité de nourriture', food_amount_low: 'très peu', food_amount_high: 'beaucoup',
    water: 'Eau', water_low: 'très peu', water_high: 'beaucoup',
    work: 'Travail', work_low: 'très peu', work_high: 'beaucoup',
    menstruation: 'Règles', menstruation_low: 'très légères', menstruation_high: 'très abondantes',
    alcohol: 'Alcool', alcohol_low: 'très peu', alcohol_high: 'beaucoup',
    smoking: 'Tabac', smoking_low: 'très peu', smoking_high: 'beaucoup',
    social_life: 'Vie sociale', social_life_low: 'calme', social_life_high: 'très sociable',
    sports: 'Sport',
    sport_dumbbell: 'Musculation', sport_bike: 'Vélo', sport_mountain: 'Randonnée', sport_footprints: 'Marche',
    sport_waves_ladder: 'Natation', sport_yoga: 'Yoga',
    scale: '1 = {low} · 5 = {high}',
  },
  es: {
    mood: 'Estado de ánimo', mood_low: 'malo', mood_high: 'genial',
    sleep: 'Calidad del sueño', sleep_low: 'mala', sleep_high: 'excelente',
    dreams: 'Sueños', dreams_low: 'ninguno', dreams_high: 'muy intensos',
    food_quality: 'Calidad de la comida', food_quality_low: 'mala', food_quality_high: 'excelente',
    food_amount: 'Cantidad de comida', food_amount_low: 'muy poca', food_amount_high: 'mucha',
    water: 'Agua', water_low: 'muy poca', water_high: 'mucha',
    work: 'Trabajo', work_low: 'muy poco', work_high: 'mucho',
    menstruation: 'Menstruación', menstruation_low: 'muy leve', menstruation_high: 'muy abundante',
    alcohol: 'Alcohol', alcohol_low: 'muy poco', alcohol_high: 'mucho',
    smoking: 'Tabaco', smoking_low: 'muy poco', smoking_high: 'mucho',
    social_life: 'Vida social', social_life_low: 'tranquila', social_life_high: 'muy social',
    sports: 'Deporte',
    sport_dumbbell: 'Entrenamiento de fuerza', sport_bike: 'Ciclismo', sport_mountain: 'Senderismo', sport_footprints: 'Caminar',
    sport_waves_ladder: 'Natación', sport_yoga: 'Yoga',
    scale: '1 = {low} · 5 = {high}',
  },
})

export type TrackerT = Translate<keyof typeof trackerStrings.en>

export const sportName = (t: TrackerT, sport: Sport) => t(`sport_${sport}`)

/** "1 = bad · 5 = great" for a rating tracker. */
export const scaleHint = (t: TrackerT, tracker: Exclude<Tracker, 'sports'>) =>
  t('scale', { low: t(`${tracker}_low`), high: t(`${tracker}_high`) })
