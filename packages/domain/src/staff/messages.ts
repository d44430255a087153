/** Texts sent to staff, in the language of the request that caused them. Plain text, so codes copy cleanly. */
type Language = "en" | "fr";

/** The second-factor code by SMS: short, names no account, and says never to share it. */
export function staffCodeSms(input: { language: Language; dealerName: string; code: string; minutes: number }) {
  const { dealerName, code, minutes } = input;
  return input.language === "fr"
    ? `${dealerName} : votre code de connexion est ${code}. Il expire dans ${minutes} minutes. Ne le communiquez à personne.`
    : `${dealerName}: your sign-in code is ${code}. It expires in ${minutes} minutes. Never share it.`;
}

export function staffPasswordResetEmail(input: { language: Language; dealerName: string; firstName: string; link: string; minutes: number }) {
  const { dealerName, firstName, link, minutes } = input;
  if (input.language === "fr") {
    return {
      subject: `Réinitialisation de votre mot de passe – ${dealerName}`,
      text: `Bonjour ${firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien :\n${link}\n\nIl fonctionne une seule fois, pendant ${minutes} minutes. Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.\n\n${dealerName}`,
    };
  }
  return {
    subject: `Reset your password – ${dealerName}`,
    text: `Hello ${firstName},\n\nTo choose a new password, open this link:\n${link}\n\nIt works once, for ${minutes} minutes. If you did not ask for this, ignore this email: your password stays the same.\n\n${dealerName}`,
  };
}
