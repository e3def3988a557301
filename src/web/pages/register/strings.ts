import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Create an account', name: 'Name', email: 'E-mail address', password: 'Password',
    passwordHint: 'At least 12 characters. A few random words make a strong password.', confirmation: 'Repeat the password',
    submit: 'Create account', haveAccount: 'Already have an account?', signIn: 'Sign in',
    checkTitle: 'Check your mail', sent: 'Your account is created. We sent a link to {email}: open it to confirm your address.',
    afterConfirm: 'Once your address is confirmed, you can sign in.', noMailTitle: 'No mail?',
    noMail: 'It can take a few minutes, and it may have landed in your spam folder. You can also ask for a new link.',
    createdTitle: 'Account created', created: 'Your account is created. Sign in to start.',
  },
  de: {
    title: 'Konto erstellen', name: 'Name', email: 'E-Mail-Adresse', password: 'Passwort',
    passwordHint: 'Mindestens 12 Zeichen. Ein paar zufällige Wörter ergeben ein starkes Passwort.', confirmation: 'Passwort wiederholen',
    submit: 'Konto erstellen', haveAccount: 'Du hast schon ein Konto?', signIn: 'Anmelden',
    checkTitle: 'Schau in dein Postfach', sent: 'Dein Konto ist erstellt. Wir haben einen Link an {email} geschickt: Öffne ihn, um deine Adresse zu bestätigen.',
    afterConfirm: 'Sobald deine Adresse bestätigt ist, kannst du dich anmelden.', noMailTitle: 'Keine E-Mail bekommen?',
    noMail: 'Das kann ein paar Minuten dauern, und vielleicht ist sie im Spam-Ordner gelandet. Du kannst auch einen neuen Link anfordern.',
    createdTitle: 'Konto erstellt', created: 'Dein Konto ist erstellt. Melde dich an, um loszulegen.',
  },
  fr: {
    title: 'Créer un compte', name: 'Nom', email: 'Adresse e-mail', password: 'Mot de passe',
    passwordHint: 'Au moins 12 caractères. Quelques mots choisis au hasard font un mot de passe solide.', confirmation: 'Répétez le mot de passe',
    submit: 'Créer le compte', haveAccount: 'Vous avez déjà un compte ?', signIn: 'Se connecter',
    checkTitle: 'Consultez vos e-mails', sent: 'Votre compte est créé. Nous avons envoyé un lien à {email} : ouvrez-le pour confirmer votre adresse.',
    afterConfirm: 'Une fois votre adresse confirmée, vous pourrez vous connecter.', noMailTitle: 'Pas reçu d’e-mail ?',
    noMail: 'Cela peut prendre quelques minutes, et il est peut-être dans vos indésirables. Vous pouvez aussi demander un nouveau lien.',
    createdTitle: 'Compte créé', created: 'Votre compte est créé. Connectez-vous pour commencer.',
  },
  es: {
    title: 'Crear una cuenta', name: 'Nombre', email: 'Correo electrónico', password: 'Contraseña',
    passwordHint: 'Al menos 12 caracteres. Unas cuantas palabras al azar forman una contraseña segura.', confirmation: 'Repite la contraseña',
    submit: 'Crear cuenta', haveAccount: '¿Ya tienes una cuenta?', signIn: 'Iniciar sesión',
    checkTitle: 'Revisa tu correo', sent: 'Tu cuenta está creada. Hemos enviado un enlace a {email}: ábrelo para confirmar tu dirección.',
    afterConfirm: 'Cuando hayas confirmado tu dirección, podrás iniciar sesión.', noMailTitle: '¿No te ha llegado?',
    noMail: 'Puede tardar unos minutos y quizá esté en la carpeta de spam. También puedes pedir un enlace nuevo.',
    createdTitle: 'Cuenta creada', created: 'Tu cuenta está creada. Inicia sesión para empezar.',
  },
})
