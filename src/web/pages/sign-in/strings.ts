import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Sign in', email: 'E-mail address', password: 'Password', submit: 'Sign in', or: 'or',
    passkey: 'Sign in with a passkey', passkeyHint: 'Uses a passkey saved on this device or your phone — no e-mail or password needed.',
    passkeyCancelled: 'The passkey prompt was closed before signing in.', passkeyUnsupported: 'This browser cannot use passkeys.',
    forgot: 'Forgot your password?', noAccount: 'New here?', register: 'Create an account',
  },
  de: {
    title: 'Anmelden', email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', or: 'oder',
    passkey: 'Mit Passkey anmelden', passkeyHint: 'Nutzt einen Passkey auf diesem Gerät oder deinem Telefon – ohne E-Mail und Passwort.',
    passkeyCancelled: 'Die Passkey-Abfrage wurde vor der Anmeldung geschlossen.', passkeyUnsupported: 'Dieser Browser kann keine Passkeys verwenden.',
    forgot: 'Passwort vergessen?', noAccount: 'Neu hier?', register: 'Konto erstellen',
  },
  fr: {
    title: 'Connexion', email: 'Adresse e-mail', password: 'Mot de passe', submit: 'Se connecter', or: 'ou',
    passkey: "Se connecter avec une clé d'accès", passkeyHint: "Utilise une clé d'accès enregistrée sur cet appareil ou votre téléphone, sans e-mail ni mot de passe.",
    passkeyCancelled: "La demande de clé d'accès a été fermée avant la connexion.", passkeyUnsupported: "Ce navigateur ne prend pas en charge les clés d'accès.",
    forgot: 'Mot de passe oublié ?', noAccount: 'Nouveau ici ?', register: 'Créer un compte',
  },
  es: {
    title: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión', or: 'o',
    passkey: 'Iniciar sesión con llave de acceso', passkeyHint: 'Usa una llave de acceso guardada en este dispositivo o en tu móvil, sin correo ni contraseña.',
    passkeyCancelled: 'Se cerró la ventana de la llave de acceso antes de iniciar sesión.', passkeyUnsupported: 'Este navegador no admite llaves de acceso.',
    forgot: '¿Olvidaste tu contraseña?', noAccount: '¿Eres nuevo?', register: 'Crear una cuenta',
  },
})
