import { defineStrings } from '../lib/i18n'

/** Words of the shell and the shared components. */
export const common = defineStrings({
  en: {
    skip: 'Skip to content', menu: 'Menu', nav: 'Main', loading: 'Loading…', retry: 'Try again', save: 'Save', cancel: 'Cancel',
    delete: 'Delete', saving: 'Saving…', saved: 'Saved.', signOut: 'Sign out', signIn: 'Sign in', register: 'Create account',
    today: 'Today', checkIn: 'Check-in', trackers: 'My trackers', history: 'History', insights: 'Insights', quickAdd: 'Quick add', libraries: 'Libraries', clipboard: 'Clipboard',
    friends: 'Friends', settings: 'Settings', account: 'Account & security', admin: 'Users', backups: 'Backups', export: 'Export', import: 'Import',
    notFound: 'Page not found', notFoundText: 'There is no page at this address.', home: 'Go to the start page', apiDocs: 'API docs',
    loadFailed: 'Could not load your account', previous: 'Previous', next: 'Next', pageOf: 'Page {page} of {last}', language: 'Language',
  },
  de: {
    skip: 'Zum Inhalt springen', menu: 'Menü', nav: 'Hauptmenü', loading: 'Wird geladen…', retry: 'Erneut versuchen', save: 'Speichern', cancel: 'Abbrechen',
    delete: 'Löschen', saving: 'Wird gespeichert…', saved: 'Gespeichert.', signOut: 'Abmelden', signIn: 'Anmelden', register: 'Konto erstellen',
    today: 'Heute', checkIn: 'Check-in', trackers: 'Meine Tracker', history: 'Verlauf', insights: 'Erkenntnisse', quickAdd: 'Schnell hinzufügen', libraries: 'Sammlungen', clipboard: 'Zwischenablage',
    friends: 'Freunde', settings: 'Einstellungen', account: 'Konto & Sicherheit', admin: 'Benutzer', backups: 'Sicherungen', export: 'Export', import: 'Import',
    notFound: 'Seite nicht gefunden', notFoundText: 'Unter dieser Adresse gibt es keine Seite.', home: 'Zur Startseite', apiDocs: 'API-Dokumentation',
    loadFailed: 'Dein Konto konnte nicht geladen werden', previous: 'Zurück', next: 'Weiter', pageOf: 'Seite {page} von {last}', language: 'Sprache',
  },
  fr: {
    skip: 'Aller au contenu', menu: 'Menu', nav: 'Principal', loading: 'Chargement…', retry: 'Réessayer', save: 'Enregistrer', cancel: 'Annuler',
    delete: 'Supprimer', saving: 'Enregistrement…', saved: 'Enregistré.', signOut: 'Se déconnecter', signIn: 'Se connecter', register: 'Créer un compte',
    today: "Aujourd'hui", checkIn: 'Bilan du jour', trackers: 'Mes suivis', history: 'Historique', insights: 'Analyses', quickAdd: 'Ajout rapide', libraries: 'Bibliothèques', clipboard: 'Presse-papiers',
    friends: 'Amis', settings: 'Réglages', account: 'Compte et sécurité', admin: 'Utilisateurs', backups: 'Sauvegardes', export: 'Exporter', import: 'Importer',
    notFound: 'Page introuvable', notFoundText: "Il n'y a pas de page à cette adresse.", home: "Aller à l'accueil", apiDocs: "Documentation de l'API",
    loadFailed: 'Impossible de charger votre compte', previous: 'Précédent', next: 'Suivant', pageOf: 'Page {page} sur {last}', language: 'Langue',
  },
  es: {
    skip: 'Saltar al contenido', menu: 'Menú', nav: 'Principal', loading: 'Cargando…', retry: 'Reintentar', save: 'Guardar', cancel: 'Cancelar',
    delete: 'Eliminar', saving: 'Guardando…', saved: 'Guardado.', signOut: 'Cerrar sesión', signIn: 'Iniciar sesión', register: 'Crear cuenta',
    today: 'Hoy', checkIn: 'Registro diario', trackers: 'Mis indicadores', history: 'Historial', insights: 'Análisis', quickAdd: 'Añadido rápido', libraries: 'Bibliotecas', clipboard: 'Portapapeles',
    friends: 'Amigos', settings: 'Ajustes', account: 'Cuenta y seguridad', admin: 'Usuarios', backups: 'Copias de seguridad', export: 'Exportar', import: 'Importar',
    notFound: 'Página no encontrada', notFoundText: 'No hay ninguna página en esta dirección.', home: 'Ir al inicio', apiDocs: 'Documentación de la API',
    loadFailed: 'No se pudo cargar tu cuenta', previous: 'Anterior', next: 'Siguiente', pageOf: 'Página {page} de {last}', language: 'Idioma',
  },
})
