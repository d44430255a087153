/** Emails sent to shoppers, in their language. Plain text: every mail client shows it, and codes copy cleanly. */
type Language = "en" | "fr";

export function reentryCodeEmail(input: { language: Language; dealerName: string; firstName: string; code: string; minutes: number }) {
  const { dealerName, firstName, code, minutes } = input;
  if (input.language === "fr") {
    return {
      subject: `Votre code de connexion – ${dealerName}`,
      text: `Bonjour ${firstName || ""},\n\nVotre code de connexion est : ${code}\n\nIl expire dans ${minutes} minutes et ne peut servir qu’une fois. Si vous n’avez pas demandé ce code, ignorez ce courriel.\n\n${dealerName}`,
    };
  }
  return {
    subject: `Your sign-in code – ${dealerName}`,
    text: `Hello ${firstName || ""},\n\nYour sign-in code is: ${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for this code, you can ignore this email.\n\n${dealerName}`,
  };
}

/**
 * Sent instead of a code while sign-in is paused after too many wrong codes: the owner learns why no
 * code came and when to ask again, and whoever asked learns nothing from the call's answer.
 */
export function signInPausedEmail(input: { language: Language; dealerName: string; firstName: string; minutes: number }) {
  const { dealerName, firstName, minutes } = input;
  if (input.language === "fr") {
    return {
      subject: `Connexion suspendue – ${dealerName}`,
      text: `Bonjour ${firstName || ""},\n\nTrop de codes erronés ont été saisis pour votre compte. Par sécurité, la connexion par code est suspendue pendant encore ${minutes} minutes.\n\nAprès ce délai, demandez un nouveau code : nous vous l’enverrons à cette adresse. Si ce n’était pas vous, aucune action n’est requise ; votre compte reste protégé.\n\n${dealerName}`,
    };
  }
  return {
    subject: `Sign-in paused – ${dealerName}`,
    text: `Hello ${firstName || ""},\n\nToo many wrong codes were entered for your account. For your security, sign-in by code is paused for another ${minutes} minutes.\n\nAfter that, ask for a new code and we will send it to this address. If this was not you, there is nothing to do: your account stays protected.\n\n${dealerName}`,
  };
}

export function invitationEmail(input: { language: Language; dealerName: string; firstName: string; link: string; staffName: string }) {
  const { dealerName, firstName, link, staffName } = input;
  if (input.language === "fr") {
    return {
      subject: `${dealerName} a préparé votre espace d’achat`,
      text: `Bonjour ${firstName || ""},\n\n${staffName} de ${dealerName} a créé votre espace pour suivre vos véhicules et vos offres.\n\nOuvrez-le ici : ${link}\n\nPour votre sécurité, nous vous enverrons un code de connexion à cette adresse.\n\n${dealerName}`,
    };
  }
  return {
    subject: `${dealerName} set up your shopping space`,
    text: `Hello ${firstName || ""},\n\n${staffName} at ${dealerName} created your space to follow your vehicles and deals.\n\nOpen it here: ${link}\n\nFor your security, we will send a sign-in code to this address.\n\n${dealerName}`,
  };
}

export function orderLinkEmail(input: { language: Language; dealerName: string; firstName: string; link: string; vehicleTitle: string }) {
  const { dealerName, firstName, link, vehicleTitle } = input;
  if (input.language === "fr") {
    return {
      subject: `Votre offre enregistrée : ${vehicleTitle}`,
      text: `Bonjour ${firstName || ""},\n\nVoici le lien vers votre offre pour le ${vehicleTitle} chez ${dealerName} :\n${link}\n\nPour votre sécurité, un code de connexion vous sera envoyé à cette adresse.\n\n${dealerName}`,
    };
  }
  return {
    subject: `Your saved deal: ${vehicleTitle}`,
    text: `Hello ${firstName || ""},\n\nHere is the link to your deal for the ${vehicleTitle} at ${dealerName}:\n${link}\n\nFor your security, a sign-in code will be sent to this address.\n\n${dealerName}`,
  };
}
