import type { AppointmentKind, BookingAddress } from "@showroom/domain";

type Language = "en" | "fr";

/** Why the shopper is emailed about their appointment. */
export type AppointmentNotice = "requested" | "changed" | "confirmed" | "proposed" | "canceled" | "retimed";

/** The deal in the storefront (the contract's `orders` route under the language and dealer-code prefixes). */
export const dealLink = (publicUrl: string, dealerCode: string, language: Language, orderId: number) =>
  `${publicUrl}/${language}/${encodeURIComponent(dealerCode)}/orders/?order=${orderId}`;

export const addressLine = (address: BookingAddress) =>
  `${address.street}, ${address.city}, ${address.province} ${address.postal_code}`;

const KIND_TEXT: Record<AppointmentKind, Record<Language, string>> = {
  dealership: { en: "Visit at the dealership", fr: "Visite à la concession" },
  home: { en: "Test drive at your home", fr: "Essai routier à votre domicile" },
  work: { en: "Test drive at your work", fr: "Essai routier à votre travail" },
};
export const kindText = (kind: AppointmentKind, language: Language) => KIND_TEXT[kind][language];

const SUBJECTS: Record<AppointmentNotice, Record<Language, (dealer: string) => string>> = {
  requested: { en: (d) => `Appointment requested at ${d}`, fr: (d) => `Rendez-vous demandé chez ${d}` },
  changed: { en: (d) => `Appointment changed at ${d}`, fr: (d) => `Rendez-vous modifié chez ${d}` },
  confirmed: { en: (d) => `Appointment confirmed at ${d}`, fr: (d) => `Rendez-vous confirmé chez ${d}` },
  proposed: { en: (d) => `${d} proposes another time`, fr: (d) => `${d} propose une autre heure` },
  canceled: { en: (d) => `Appointment canceled at ${d}`, fr: (d) => `Rendez-vous annulé chez ${d}` },
  retimed: {
    en: (d) => `Your calendar updated for your appointment at ${d}`,
    fr: (d) => `Votre calendrier mis à jour pour votre rendez-vous chez ${d}`,
  },
};

const OPENINGS: Record<AppointmentNotice, Record<Language, string>> = {
  requested: {
    en: "We received your appointment request. The dealership will confirm it shortly.",
    fr: "Nous avons reçu votre demande de rendez-vous. La concession la confirmera sous peu.",
  },
  changed: {
    en: "Your appointment was changed. The dealership will confirm the new time shortly.",
    fr: "Votre rendez-vous a été modifié. La concession confirmera la nouvelle heure sous peu.",
  },
  confirmed: { en: "Your appointment is confirmed.", fr: "Votre rendez-vous est confirmé." },
  proposed: {
    en: "The dealership proposes another time for your appointment. If it does not suit you, choose another one on your deal.",
    fr: "La concession propose une autre heure pour votre rendez-vous. Si elle ne vous convient pas, choisissez-en une autre dans votre offre.",
  },
  canceled: { en: "Your appointment was canceled.", fr: "Votre rendez-vous a été annulé." },
  retimed: {
    en: "The clock rules of the dealership's time zone changed. Your appointment keeps its local time; the attached file updates your calendar.",
    fr: "Les règles d’heure du fuseau de la concession ont changé. Votre rendez-vous garde son heure locale; le fichier joint met votre calendrier à jour.",
  },
};

/** The shopper's email about their appointment (the calendar file goes with it). */
export function appointmentEmail(input: {
  notice: AppointmentNotice;
  language: Language;
  dealerName: string;
  firstName: string;
  when: string;
  kind: AppointmentKind;
  place: string;
  vehicleTitle: string;
  link: string;
  comments: string | null;
}) {
  const { language: l } = input;
  const lines =
    l === "fr"
      ? [
          `Bonjour ${input.firstName},`,
          "",
          OPENINGS[input.notice].fr,
          "",
          `Quand : ${input.when}`,
          `Quoi : ${kindText(input.kind, "fr")} — ${input.vehicleTitle}`,
          `Où : ${input.place}`,
          ...(input.comments ? [`Note : ${input.comments}`] : []),
          "",
          `Votre offre : ${input.link}`,
          "",
          "Le fichier joint ajoute ce rendez-vous à votre calendrier.",
          "",
          input.dealerName,
        ]
      : [
          `Hello ${input.firstName},`,
          "",
          OPENINGS[input.notice].en,
          "",
          `When: ${input.when}`,
          `What: ${kindText(input.kind, "en")} — ${input.vehicleTitle}`,
          `Where: ${input.place}`,
          ...(input.comments ? [`Note: ${input.comments}`] : []),
          "",
          `Your deal: ${input.link}`,
          "",
          "The attached file adds this appointment to your calendar.",
          "",
          input.dealerName,
        ];
  return { subject: SUBJECTS[input.notice][l](input.dealerName), text: lines.join("\n") };
}
