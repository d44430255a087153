/**
 * Messages the API returns, by key. English is the contract's text; every key has its French.
 * The server resolves them for the request language; clients show them as they come.
 */
export const API_MESSAGES = {
  dealership_not_found: { en: "Dealership not found.", fr: "Concession introuvable." },
  dealer_code_required: {
    en: "The X-Dealer-Code header is required.",
    fr: "L’en-tête X-Dealer-Code est obligatoire.",
  },
  dealership_mismatch: {
    en: "You do not have access to this dealership.",
    fr: "Vous n’avez pas accès à cette concession.",
  },
  not_found: { en: "Not found.", fr: "Introuvable." },
  accessory_unknown: {
    en: "This accessory is not offered for this vehicle.",
    fr: "Cet accessoire n’est pas offert pour ce véhicule.",
  },
  accessory_install_unknown: {
    en: "Only an accessory on the deal can be installed.",
    fr: "Seul un accessoire inclus dans l’offre peut être installé.",
  },
  accessory_conflict: {
    en: "Some of these accessories cannot be fitted together.",
    fr: "Certains de ces accessoires ne peuvent pas être installés ensemble.",
  },
  accessory_not_removable: {
    en: "This accessory is installed on the vehicle and cannot be removed.",
    fr: "Cet accessoire est installé sur le véhicule et ne peut pas être retiré.",
  },
  order_unknown: {
    en: "Use the id of one of your saved deals for this vehicle.",
    fr: "Utilisez l’identifiant de l’une de vos offres enregistrées pour ce véhicule.",
  },
  options_code_list_unknown: {
    en: "These options cannot be built on this vehicle.",
    fr: "Ces options ne peuvent pas être configurées sur ce véhicule.",
  },
  protection_plan_unknown: {
    en: "This protection plan is not offered for this vehicle.",
    fr: "Ce plan de protection n’est pas offert pour ce véhicule.",
  },
  resource_not_found: {
    en: "Requested resource was not found on this server.",
    fr: "La ressource demandée est introuvable sur ce serveur.",
  },
  session_expired: {
    en: "Your session has expired. Please sign in again.",
    fr: "Votre session a expiré. Veuillez vous reconnecter.",
  },
  not_authenticated: {
    en: "Authentication credentials were not provided.",
    fr: "Les informations d’authentification n’ont pas été fournies.",
  },
  csrf_missing: { en: "CSRF Failed: CSRF token missing.", fr: "Échec CSRF : jeton CSRF manquant." },
  csrf_incorrect: { en: "CSRF Failed: CSRF token incorrect.", fr: "Échec CSRF : jeton CSRF incorrect." },
  csrf_origin: {
    en: "CSRF Failed: Origin checking failed - {{origin}} does not match any trusted origins.",
    fr: "Échec CSRF : l’origine {{origin}} ne correspond à aucune origine de confiance.",
  },
  json_parse_error: {
    en: "JSON parse error - the request body is not valid JSON.",
    fr: "Erreur d’analyse JSON : le corps de la requête n’est pas un JSON valide.",
  },
  no_vehicle_list: {
    en: "This dealership does not list its vehicles here.",
    fr: "Cette concession ne présente pas ses véhicules ici.",
  },
  feed_not_utf8_csv: {
    en: "Send the feed as a CSV file in UTF-8 (Content-Type: text/csv).",
    fr: "Envoyez le flux sous forme de fichier CSV en UTF-8 (Content-Type : text/csv).",
  },
  unsupported_media_type: {
    en: "Unsupported media type in request.",
    fr: "Type de média non pris en charge dans la requête.",
  },
  body_too_large: { en: "The request body is too large.", fr: "Le corps de la requête est trop volumineux." },
  throttled: {
    en: "Request was throttled. Expected available in {{seconds}} seconds.",
    fr: "Trop de requêtes. Réessayez dans {{seconds}} secondes.",
  },
  something_went_wrong: { en: "Something went wrong.", fr: "Une erreur s’est produite." },
  field_required: { en: "This field is required.", fr: "Ce champ est obligatoire." },
  invalid_value: { en: "Enter a valid value.", fr: "Entrez une valeur valide." },
  malformed_request: { en: "Malformed request.", fr: "Requête mal formée." },
  nul_character: {
    en: "Remove the NUL character (\\u0000): text cannot contain it.",
    fr: "Retirez le caractère NUL (\\u0000) : un texte ne peut pas le contenir.",
  },
  language_not_offered: {
    en: "This dealership does not offer that language.",
    fr: "Cette concession n’offre pas cette langue.",
  },
  service_unavailable: {
    en: "The service is temporarily unavailable.",
    fr: "Le service est temporairement indisponible.",
  },
  permission_denied: {
    en: "You do not have permission to perform this action.",
    fr: "Vous n’avez pas la permission d’effectuer cette action.",
  },
  pricing_locked: {
    en: "Sign in to see prices and payments at this dealership.",
    fr: "Connectez-vous pour voir les prix et les paiements de cette concession.",
  },
  second_factor_required: {
    en: "Confirm your sign-in with your one-time code first.",
    fr: "Confirmez d’abord votre connexion avec votre code à usage unique.",
  },
  feed_refused: {
    en: "The feed was refused; nothing was changed.",
    fr: "Le flux a été refusé; rien n’a été modifié.",
  },
  dealership_not_in_group: {
    en: "Choose dealerships of this dealership's group.",
    fr: "Choisissez des concessions du groupe de cette concession.",
  },
  vehicle_unavailable: {
    en: "This vehicle is no longer available.",
    fr: "Ce véhicule n’est plus disponible.",
  },
  email_conflict: {
    en: "An account with this email already exists. We can send you a code to sign in.",
    fr: "Un compte existe déjà avec ce courriel. Nous pouvons vous envoyer un code pour vous connecter.",
  },
  code_incorrect: { en: "Code is incorrect", fr: "Le code est incorrect" },
  token_invalid: { en: "Failed to retrieve user data from token", fr: "Impossible de récupérer les données de l’utilisateur à partir du jeton" },
  customer_not_signed_in: { en: "Please sign in first.", fr: "Veuillez d’abord vous connecter." },
  order_create_failed: { en: "Unable to create order", fr: "Impossible de créer la commande" },
  order_delete_failed: { en: "Unable to delete order", fr: "Impossible de supprimer la commande" },
  order_delete_deposit_paid: {
    en: "This deal cannot be deleted because a deposit has been paid.",
    fr: "Cette offre ne peut pas être supprimée, car un dépôt a été payé.",
  },
  order_delete_deposit_pre_authorized: {
    en: "This deal cannot be deleted because a deposit has been pre-authorized.",
    fr: "Cette offre ne peut pas être supprimée, car un dépôt a été préautorisé.",
  },
  order_delete_quote_pending: {
    en: "This deal cannot be deleted while your personalized quote request is pending.",
    fr: "Cette offre ne peut pas être supprimée tant que votre demande de soumission personnalisée est en attente.",
  },
  payment_option_unknown: {
    en: "This payment is no longer available. Please review the payment and save again.",
    fr: "Ce paiement n’est plus disponible. Veuillez revoir le paiement et enregistrer de nouveau.",
  },
  invalid_credentials: {
    en: "Unable to log in with provided credentials.",
    fr: "Impossible de se connecter avec les informations fournies.",
  },
  staff_account_locked: {
    en: "Sign-in is locked for this account after too many failed attempts. Reset your password or contact your administrator.",
    fr: "La connexion à ce compte est bloquée après trop de tentatives échouées. Réinitialisez votre mot de passe ou communiquez avec votre administrateur.",
  },
  no_phone_on_file: {
    en: "No phone is set up for sign-in codes. Add a phone first.",
    fr: "Aucun téléphone n’est configuré pour les codes de connexion. Ajoutez d’abord un téléphone.",
  },
  password_step_required: {
    en: "Sign in with your email and password first.",
    fr: "Connectez-vous d’abord avec votre courriel et votre mot de passe.",
  },
  totp_setup_not_started: {
    en: "Start the authenticator app setup first.",
    fr: "Commencez d’abord la configuration de l’application d’authentification.",
  },
  password_reset_requested: {
    en: "If an account exists for this email, we sent it a link to reset the password. The link works once, for 30 minutes.",
    fr: "Si un compte existe pour ce courriel, nous lui avons envoyé un lien pour réinitialiser le mot de passe. Le lien fonctionne une seule fois, pendant 30 minutes.",
  },
  password_reset_done: {
    en: "Your password has been changed. Please sign in.",
    fr: "Votre mot de passe a été modifié. Veuillez vous connecter.",
  },
  reset_link_invalid: {
    en: "This link is invalid or has expired. Ask for a new one.",
    fr: "Ce lien est invalide ou expiré. Demandez-en un nouveau.",
  },
  customer_assigned_elsewhere: {
    en: "This customer is assigned to another sales representative.",
    fr: "Ce client est assigné à un autre représentant des ventes.",
  },
  trim_not_found: { en: "Trim not found.", fr: "Version introuvable." },
  no_matching_trim: {
    en: "No matching trim found, cannot load vehicle and pricing.",
    fr: "Aucune version correspondante, impossible de charger le véhicule et les prix.",
  },
  unknown_option_code: { en: "Unknown option code: {{code}}.", fr: "Code d’option inconnu : {{code}}." },
  build_locked: {
    en: "This build is locked and can no longer be changed.",
    fr: "Cette configuration est verrouillée et ne peut plus être modifiée.",
  },
  build_locked_to_customer: {
    en: "Your deposit holds this build, so it can no longer be changed here. Your dealership can change it for you.",
    fr: "Votre dépôt retient cette configuration : elle ne peut plus être modifiée ici. Votre concessionnaire peut la modifier pour vous.",
  },
  last_date_of_change_unchecked: {
    en: "Check the order's Last Date of Change before saving changes to a build with a deposit.",
    fr: "Vérifiez la date limite de modification de la commande avant d’enregistrer des changements à une configuration avec dépôt.",
  },
  quotes_disabled: {
    en: "Personalized quotes are not offered by this dealership.",
    fr: "Ce concessionnaire n’offre pas de soumissions personnalisées.",
  },
  quote_request_pending: {
    en: "Your request for a personalized quote is already with the dealership. You will receive your quote by email.",
    fr: "Votre demande de soumission personnalisée est déjà chez le concessionnaire. Vous recevrez votre soumission par courriel.",
  },
  max_quotes_reached: {
    en: "A quote has at most 3 options. Remove one to add another.",
    fr: "Une soumission compte au plus 3 options. Retirez-en une pour en ajouter une autre.",
  },
  quote_expired: {
    en: "This quote has expired. Ask the dealership for a new one.",
    fr: "Cette soumission est expirée. Demandez-en une nouvelle au concessionnaire.",
  },
  quote_vehicle_unavailable: {
    en: "The vehicle on this quote is no longer available.",
    fr: "Le véhicule de cette soumission n’est plus disponible.",
  },
  quote_already_reserved: {
    en: "Not able to select quote: another option of this quote is already reserved.",
    fr: "Impossible de choisir cette soumission : une autre option est déjà réservée.",
  },
  quote_not_active: {
    en: "Not able to select quote: the dealership has not sent it yet.",
    fr: "Impossible de choisir cette soumission : le concessionnaire ne l’a pas encore envoyée.",
  },
  quote_expiry_past: {
    en: "Choose today or a later day.",
    fr: "Choisissez aujourd’hui ou un jour suivant.",
  },
  quote_not_priced: {
    en: "Not able to select quote: this option has no price yet. Ask the dealership to review it.",
    fr: "Impossible de choisir cette soumission : cette option n’a pas encore de prix. Demandez au concessionnaire de la revoir.",
  },
  quote_has_no_options: {
    en: "Add at least one option before sending the quote.",
    fr: "Ajoutez au moins une option avant d’envoyer la soumission.",
  },
  build_state_unknown: {
    en: "This build is no longer available for this vehicle. Please build the vehicle again.",
    fr: "Cette configuration n’est plus disponible pour ce véhicule. Veuillez configurer le véhicule de nouveau.",
  },
  build_option_unavailable: { en: "{{option}} is not available.", fr: "{{option}} n’est pas offert." },
  build_option_requires: { en: "{{option}} requires {{requirement}}.", fr: "{{option}} nécessite {{requirement}}." },
  build_option_conflicts: {
    en: "{{option}} cannot be combined with {{other}}.",
    fr: "{{option}} ne peut pas être combiné avec {{other}}.",
  },
  build_single_exterior_colour: {
    en: "Choose only one exterior colour: {{options}}.",
    fr: "Choisissez une seule couleur extérieure : {{options}}.",
  },
  build_single_interior_colour: {
    en: "Choose only one interior colour: {{options}}.",
    fr: "Choisissez une seule couleur intérieure : {{options}}.",
  },
  build_selection_invalid: {
    en: "This combination of options cannot be built.",
    fr: "Cette combinaison d’options ne peut pas être construite.",
  },
  trim_choice_required: {
    en: "Choose exactly one trim of this model.",
    fr: "Choisissez exactement une version de ce modèle.",
  },
  // Trade-in (transactional spec 8).
  trade_in_save_deal_first: {
    en: "Please save the deal first before accepting the trade-in offer.",
    fr: "Veuillez d’abord enregistrer l’offre avant d’accepter l’offre pour votre véhicule d’échange.",
  },
  trade_in_disabled: { en: "Trade-ins are not offered by this dealership.", fr: "Cette concession n’offre pas l’évaluation de véhicules d’échange." },
  trade_in_not_editable: {
    en: "This trade-in was sent to the dealership and can no longer be changed.",
    fr: "Ce véhicule d’échange a été envoyé à la concession et ne peut plus être modifié.",
  },
  trade_in_incomplete: {
    en: "Some details of your trade-in are missing.",
    fr: "Il manque des renseignements sur votre véhicule d’échange.",
  },
  trade_in_vin_required: { en: "A valid VIN is required.", fr: "Un NIV valide est obligatoire." },
  trade_in_vin_year_mismatch: {
    en: "This VIN is of a {{year}} model year: check the year or the VIN.",
    fr: "Ce NIV correspond à l’année-modèle {{year}} : vérifiez l’année ou le NIV.",
  },
  trade_in_no_offer: { en: "There is no offer to answer on this trade-in.", fr: "Il n’y a aucune offre à laquelle répondre pour ce véhicule d’échange." },
  trade_in_offer_expired: {
    en: "This offer has expired. Ask the dealership for a new one.",
    fr: "Cette offre est expirée. Demandez-en une nouvelle à la concession.",
  },
  trade_in_offer_not_allowed: {
    en: "An offer can only be made on a trade-in that was sent to the dealership.",
    fr: "Une offre ne peut être faite que pour un véhicule d’échange envoyé à la concession.",
  },
  trade_in_photo_not_image: {
    en: "This file is not a photo. Send a JPEG or PNG picture.",
    fr: "Ce fichier n’est pas une photo. Envoyez une image JPEG ou PNG.",
  },
  trade_in_photo_too_large: {
    en: "This photo is larger than {{size}} MB. Send a smaller one.",
    fr: "Cette photo dépasse {{size}} Mo. Envoyez-en une plus petite.",
  },
  trade_in_photo_missing: { en: "Choose a photo to send.", fr: "Choisissez une photo à envoyer." },
  trade_in_photo_unreadable: {
    en: "This photo could not be read. Take it again or send another one.",
    fr: "Cette photo n’a pas pu être lue. Reprenez-la ou envoyez-en une autre.",
  },
  trade_in_catalogue_empty: {
    en: "No vehicles were found for these choices.",
    fr: "Aucun véhicule n’a été trouvé pour ces choix.",
  },
  trade_in_flow_mismatch: {
    en: "This trade-in is valued another way at this dealership. Reload the page and try again.",
    fr: "Ce véhicule d’échange est évalué autrement par cette concession. Rechargez la page et réessayez.",
  },
  trade_in_not_reopenable: {
    en: "This trade-in can only be changed after it was sent and before an offer on it is answered.",
    fr: "Ce véhicule d’échange ne peut être modifié qu’après son envoi et avant qu’une offre n’ait reçu de réponse.",
  },
  trade_in_accept_failed: {
    en: "The offer could not be accepted: your deal's payment could not be updated with it. Please try again, or contact the dealership.",
    fr: "L’offre n’a pas pu être acceptée : le paiement de votre offre n’a pas pu être mis à jour. Veuillez réessayer ou communiquer avec la concession.",
  },
  trade_in_discard_failed: {
    en: "The trade-in could not be removed from your deal. Please try again.",
    fr: "Le véhicule d’échange n’a pas pu être retiré de votre offre. Veuillez réessayer.",
  },
  appointment_failed: { en: "Unable to book appointment.", fr: "Impossible de réserver le rendez-vous." },
  appointments_disabled: {
    en: "This dealership does not take appointments online.",
    fr: "Cette concession ne prend pas de rendez-vous en ligne.",
  },
  appointment_slot_past: {
    en: "This time has already passed. Choose another time.",
    fr: "Cette heure est déjà passée. Choisissez une autre heure.",
  },
  appointment_slot_too_soon: {
    en: "This time is too soon for the dealership to get ready. Choose a time at least {{hours}} hours from now.",
    fr: "Cette heure est trop proche pour que la concession se prépare. Choisissez une heure dans au moins {{hours}} heures.",
  },
  appointment_slot_too_far: {
    en: "Choose a time within the next {{days}} days.",
    fr: "Choisissez une heure dans les {{days}} prochains jours.",
  },
  appointment_slot_closed: {
    en: "The dealership does not take appointments at this time. Choose a time from the calendar.",
    fr: "La concession ne prend pas de rendez-vous à cette heure. Choisissez une heure dans le calendrier.",
  },
  appointment_slot_taken: {
    en: "This time was just booked by someone else. Choose another time.",
    fr: "Cette heure vient d’être réservée par quelqu’un d’autre. Choisissez une autre heure.",
  },
  appointment_exists: {
    en: "This deal already has an appointment. Change it instead.",
    fr: "Cette offre a déjà un rendez-vous. Modifiez-le plutôt.",
  },
  appointment_address_required: {
    en: "Enter the address where we bring the vehicle.",
    fr: "Entrez l’adresse où nous apporterons le véhicule.",
  },
  appointment_canceled: {
    en: "This appointment was canceled. Book a new one.",
    fr: "Ce rendez-vous a été annulé. Réservez-en un nouveau.",
  },
  test_drive_disabled: {
    en: "This dealership does not take test drive bookings online.",
    fr: "Cette concession ne prend pas de réservations d’essai routier en ligne.",
  },
  dealer_code_mismatch: {
    en: "Book with the dealership of this site.",
    fr: "Réservez auprès de la concession de ce site.",
  },
  documents_disabled: {
    en: "This dealership does not take documents online.",
    fr: "Cette concession ne reçoit pas de documents en ligne.",
  },
  document_format: {
    en: "This file is not a PDF, JPG or PNG document. Upload a .pdf, .jpg, .jpeg or .png file.",
    fr: "Ce fichier n’est pas un document PDF, JPG ou PNG. Téléversez un fichier .pdf, .jpg, .jpeg ou .png.",
  },
  document_too_large: {
    en: "This file is larger than {{size}} MB. Upload a smaller file.",
    fr: "Ce fichier dépasse {{size}} Mo. Téléversez un fichier plus petit.",
  },
  document_missing: { en: "Choose a file to upload.", fr: "Choisissez un fichier à téléverser." },
  document_upload_failed: {
    en: "The file could not be uploaded. Please try again.",
    fr: "Le fichier n’a pas pu être téléversé. Veuillez réessayer.",
  },
  document_quota_files: {
    en: "You already have {{files}} documents at this dealership. Delete one to upload another.",
    fr: "Vous avez déjà {{files}} documents à cette concession. Supprimez-en un pour en téléverser un autre.",
  },
  document_quota_bytes: {
    en: "Your documents at this dealership would take more than {{size}} MB. Delete one to upload another.",
    fr: "Vos documents à cette concession dépasseraient {{size}} Mo. Supprimez-en un pour en téléverser un autre.",
  },
  required_documents_missing: {
    en: "Required documents missing: {{documents}}.",
    fr: "Documents requis manquants : {{documents}}.",
  },
  notify_me_failed: {
    en: "Unable to submit your request. Please try again.",
    fr: "Impossible d’envoyer votre demande. Veuillez réessayer.",
  },
  // Credit application (transactional spec 8).
  credit_application_disabled: {
    en: "Credit applications are not offered by this dealership.",
    fr: "Cette concession n’offre pas la demande de crédit en ligne.",
  },
  credit_application_load_failed: { en: "Unable to retrieve credit application data", fr: "Impossible de récupérer les données de la demande de crédit" },
  credit_application_submitted: {
    en: "This credit application was sent and can no longer be changed.",
    fr: "Cette demande de crédit a été envoyée et ne peut plus être modifiée.",
  },
  credit_application_incomplete: {
    en: "Some answers of your credit application are missing or need a correction.",
    fr: "Certaines réponses de votre demande de crédit sont manquantes ou doivent être corrigées.",
  },
  credit_cash_payment: {
    en: "A cash payment cannot be used with a credit application. Choose finance or lease for this deal first.",
    fr: "Un paiement comptant ne peut pas être utilisé avec une demande de crédit. Choisissez d’abord le financement ou la location pour cette offre.",
  },
  credit_no_payment: {
    en: "Choose a finance or lease payment for this deal before applying for credit.",
    fr: "Choisissez un paiement de financement ou de location pour cette offre avant de demander du crédit.",
  },
  credit_amount_below_minimum: {
    en: "Financing is not available for an amount financed under {{amount}}: your application may not be processed. Please contact the dealership.",
    fr: "Le financement n’est pas offert pour un montant financé inférieur à {{amount}} : votre demande pourrait ne pas être traitée. Veuillez communiquer avec la concession.",
  },
  credit_stale_incentives: {
    en: "The offers on this vehicle are being updated. Please check back within 24 hours to submit your application; your answers are saved.",
    fr: "Les offres sur ce véhicule sont en cours de mise à jour. Revenez d’ici 24 heures pour envoyer votre demande; vos réponses sont enregistrées.",
  },
  // Deposits (transactional spec 8).
  deposit_disabled: { en: "Deposits are not taken online by this dealership.", fr: "Cette concession ne prend pas de dépôt en ligne." },
  card_declined: { en: "Failed to process your credit card", fr: "Échec du traitement de votre carte de crédit" },
  card_processing_error: {
    en: "An error occurred while processing your card. Please try again in a little while.",
    fr: "Une erreur est survenue lors du traitement de votre carte. Veuillez réessayer dans un instant.",
  },
  deposit_exists: { en: "A deposit is already placed on this deal.", fr: "Un dépôt est déjà versé pour cette offre." },
  deposit_in_progress: {
    en: "Your deposit is being processed. Please wait a moment before trying again.",
    fr: "Votre dépôt est en cours de traitement. Veuillez patienter un instant avant de réessayer.",
  },
  vehicle_reserved: {
    en: "This vehicle is reserved by another shopper's deposit.",
    fr: "Ce véhicule est réservé par le dépôt d’un autre client.",
  },
  deposit_not_refundable: { en: "This deposit cannot be refunded in its current state.", fr: "Ce dépôt ne peut pas être remboursé dans son état actuel." },
  deposit_not_held: { en: "This deposit is not held on the card.", fr: "Ce dépôt n’est pas retenu sur la carte." },
  manufacturer_identity_unavailable: {
    en: "Signing in with Volkswagen ID is not available at this dealership right now.",
    fr: "La connexion avec Volkswagen ID n’est pas offerte par cette concession pour le moment.",
  },
  manufacturer_identity_cancelled: {
    en: "The sign-in with Volkswagen ID was cancelled. You can try again whenever you like.",
    fr: "La connexion avec Volkswagen ID a été annulée. Vous pouvez réessayer quand vous le souhaitez.",
  },
  manufacturer_identity_expired: {
    en: "This sign-in with Volkswagen ID has expired or was already used. Please sign in again.",
    fr: "Cette connexion avec Volkswagen ID a expiré ou a déjà été utilisée. Veuillez vous reconnecter.",
  },
  manufacturer_identity_failed: {
    en: "We could not sign you in with Volkswagen ID. Please try again.",
    fr: "Nous n’avons pas pu vous connecter avec Volkswagen ID. Veuillez réessayer.",
  },
  manufacturer_identity_email_missing: {
    en: "Your Volkswagen ID has no verified email address, which the dealership needs. Verify your email with Volkswagen, then try again.",
    fr: "Votre Volkswagen ID n’a pas d’adresse courriel vérifiée, dont la concession a besoin. Vérifiez votre courriel auprès de Volkswagen, puis réessayez.",
  },
  manufacturer_identity_email_linked: {
    en: "This email address is already linked to another Volkswagen ID at this dealership.",
    fr: "Cette adresse courriel est déjà liée à un autre Volkswagen ID dans cette concession.",
  },
  manufacturer_identity_not_linked: {
    en: "You have not signed in with Volkswagen ID.",
    fr: "Vous ne vous êtes pas connecté avec Volkswagen ID.",
  },
  manufacturer_identity_staff: {
    en: "Dealer staff cannot sign in with Volkswagen ID.",
    fr: "Le personnel de la concession ne peut pas se connecter avec Volkswagen ID.",
  },
  insurance_quotes_disabled: {
    en: "This dealership does not offer insurance quotes.",
    fr: "Cette concession n’offre pas de soumissions d’assurance.",
  },
  insurance_region_unknown: {
    en: "Enter a postal code of the dealership's country, like M5V 3L9 or 14202.",
    fr: "Entrez un code postal du pays de la concession, comme M5V 3L9 ou 14202.",
  },
  insurance_limit_unknown: {
    en: "Choose a liability limit offered in the dealership's country.",
    fr: "Choisissez une limite de responsabilité offerte dans le pays de la concession.",
  },
  insurance_quote_unknown: {
    en: "Use the id of one of this deal's insurance quotes.",
    fr: "Utilisez l’identifiant de l’une des soumissions d’assurance de cette offre.",
  },
  insurance_vehicle_unpriced: {
    en: "This vehicle has no price to base an insurance estimate on.",
    fr: "Ce véhicule n’a pas de prix sur lequel baser une estimation d’assurance.",
  },
  rebate_unknown: { en: "This rebate is not offered for this vehicle.", fr: "Ce rabais n’est pas offert pour ce véhicule." },
  configuration_token_required: {
    en: "Send the configuration's token in the Authorization header (Token <token>).",
    fr: "Envoyez le jeton de la configuration dans l’en-tête Authorization (Token <jeton>).",
  },
  configuration_token_invalid: {
    en: "This token does not open this configuration.",
    fr: "Ce jeton n’ouvre pas cette configuration.",
  },
} as const satisfies Record<string, { en: string; fr: string }>;

export type ApiMessageKey = keyof typeof API_MESSAGES;

export function apiMessage(key: ApiMessageKey, language: "en" | "fr", values: Record<string, string | number> = {}): string {
  return API_MESSAGES[key][language].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
