import { defineStrings } from '../../lib/i18n'

/** The weather card on Today, and the words of each condition key of the API (docs/api/weather.md §2). */
export const weatherStrings = defineStrings({
  en: {
    title: 'Weather', range: 'Low {min}, high {max}', noPlace: 'Choose your place to see its weather here.', choosePlace: 'Choose your place',
    unavailable: 'The weather for {place} cannot be had right now. Try again later.',
    clear: 'Clear sky', mainly_clear: 'Mainly clear', partly_cloudy: 'Partly cloudy', overcast: 'Overcast', fog: 'Fog',
    drizzle: 'Drizzle', freezing_drizzle: 'Freezing drizzle', rain: 'Rain', freezing_rain: 'Freezing rain', snow: 'Snow',
    snow_grains: 'Snow grains', rain_showers: 'Rain showers', snow_showers: 'Snow showers', thunderstorm: 'Thunderstorm',
    thunderstorm_hail: 'Thunderstorm with hail', unknown: 'Today',
  },
  de: {
    title: 'Wetter', range: 'Tiefstwert {min}, Höchstwert {max}', noPlace: 'Wähle deinen Ort, um hier sein Wetter zu sehen.', choosePlace: 'Ort wählen',
    unavailable: 'Das Wetter für {place} ist gerade nicht abrufbar. Versuche es später noch einmal.',
    clear: 'Klarer Himmel', mainly_clear: 'Überwiegend klar', partly_cloudy: 'Teilweise bewölkt', overcast: 'Bedeckt', fog: 'Nebel',
    drizzle: 'Nieselregen', freezing_drizzle: 'Gefrierender Nieselregen', rain: 'Regen', freezing_rain: 'Gefrierender Regen', snow: 'Schnee',
    snow_grains: 'Schneegriesel', rain_showers: 'Regenschauer', snow_showers: 'Schneeschauer', thunderstorm: 'Gewitter',
    thunderstorm_hail: 'Gewitter mit Hagel', unknown: 'Heute',
  },
  fr: {
    title: 'Météo', range: 'Min. {min}, max. {max}', noPlace: 'Choisissez votre lieu pour voir sa météo ici.', choosePlace: 'Choisir le lieu',
    unavailable: 'La météo de {place} est indisponible pour le moment. Réessayez plus tard.',
    clear: 'Ciel dégagé', mainly_clear: 'Plutôt dégagé', partly_cloudy: 'Partiellement nuageux', overcast: 'Couvert', fog: 'Brouillard',
    drizzle: 'Bruine', freezing_drizzle: 'Bruine verglaçante', rain: 'Pluie', freezing_rain: 'Pluie verglaçante', snow: 'Neige',
    snow_grains: 'Neige en grains', rain_showers: 'Averses de pluie', snow_showers: 'Averses de neige', thunderstorm: 'Orage',
    thunderstorm_hail: 'Orage avec grêle', unknown: "Aujourd'hui",
  },
  es: {
    title: 'Tiempo', range: 'Mín. {min}, máx. {max}', noPlace: 'Elige tu lugar para ver aquí su tiempo.', choosePlace: 'Elegir lugar',
    unavailable: 'El tiempo de {place} no está disponible ahora. Inténtalo más tarde.',
    clear: 'Cielo despejado', mainly_clear: 'Mayormente despejado', partly_cloudy: 'Parcialmente nublado', overcast: 'Cubierto', fog: 'Niebla',
    drizzle: 'Llovizna', freezing_drizzle: 'Llovizna helada', rain: 'Lluvia', freezing_rain: 'Lluvia helada', snow: 'Nieve',
    snow_grains: 'Cinarra', rain_showers: 'Chubascos', snow_showers: 'Chubascos de nieve', thunderstorm: 'Tormenta',
    thunderstorm_hail: 'Tormenta con granizo', unknown: 'Hoy',
  },
})
