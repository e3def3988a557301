import { defineStrings } from '../../lib/i18n'

/** The page behind a reminder's check-in link (docs/api/notifications.md §7.3). */
export const dayLinkStrings = defineStrings({
  en: {
    title: 'Check-in for {day}', intro: 'This link opens only this day\'s check-in, until the day ends. Nothing is saved until you press Save.',
    save: 'Save', saving: 'Saving…', saved: 'Saved. See you tomorrow!', nothingChosen: 'Choose at least one answer first.',
    expired: 'This link has expired: it worked until the end of its day.', invalid: 'This link is not valid. Check that the whole link was copied from the message.',
    signIn: 'Sign in to check in', yes: 'Yes', no: 'No',
  },
  de: {
    title: 'Check-in für {day}', intro: 'Dieser Link öffnet nur den Check-in dieses Tages, bis der Tag endet. Gespeichert wird erst, wenn du auf Speichern drückst.',
    save: 'Speichern', saving: 'Wird gespeichert…', saved: 'Gespeichert. Bis morgen!', nothingChosen: 'Wähle zuerst mindestens eine Antwort.',
    expired: 'Dieser Link ist abgelaufen: Er galt bis zum Ende seines Tages.', invalid: 'Dieser Link ist ungültig. Prüfe, ob der ganze Link aus der Nachricht kopiert wurde.',
    signIn: 'Zum Check-in anmelden', yes: 'Ja', no: 'Nein',
  },
  fr: {
    title: 'Check-in du {day}', intro: 'Ce lien n\'ouvre que le check-in de ce jour, jusqu\'à la fin du jour. Rien n\'est enregistré avant que vous appuyiez sur Enregistrer.',
    save: 'Enregistrer', saving: 'Enregistrement…', saved: 'Enregistré. À demain !', nothingChosen: 'Choisissez d\'abord au moins une réponse.',
    expired: 'Ce lien a expiré : il valait jusqu\'à la fin de son jour.', invalid: 'Ce lien n\'est pas valable. Vérifiez qu\'il a été copié en entier depuis le message.',
    signIn: 'Se connecter pour faire le check-in', yes: 'Oui', no: 'Non',
  },
  es: {
    title: 'Check-in del {day}', intro: 'Este enlace abre solo el check-in de este día, hasta que termine. No se guarda nada hasta que pulses Guardar.',
    save: 'Guardar', saving: 'Guardando…', saved: 'Guardado. ¡Hasta mañana!', nothingChosen: 'Elige primero al menos una respuesta.',
    expired: 'Este enlace ha caducado: valía hasta el final de su día.', invalid: 'Este enlace no es válido. Comprueba que se copió entero desde el mensaje.',
    signIn: 'Inicia sesión para hacer el check-in', yes: 'Sí', no: 'No',
  },
})
