/**
 * Texts of the legal documents shown by the web dashboard (side menu "Terms & Conditions" and
 * "Privacy Policy") and offered at registration. They are rendered to static PDFs, one set per
 * upper-cased language code, by `apps/web/scripts/legal-pdfs.ts`.
 *
 * SAMPLE WORDING for a demonstration product: not legal advice, not reviewed by a lawyer.
 *
 * Keep the texts within the Windows-1252 (WinAnsi) character set: the PDFs use the built-in
 * Helvetica fonts, which cannot show other characters (the generator refuses them).
 */

import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES, type TLanguage } from '../i18n/languages';

export type TLegalDocument = 'terms' | 'privacy' | 'registrationPrivacy';
/** Every interface language has its legal texts (LEGAL_TEXTS is checked for all of them). */
export type TLegalLanguage = TLanguage;

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'registrationPrivacy'] as const satisfies readonly TLegalDocument[];
export const LEGAL_LANGUAGES = SUPPORTED_LANGUAGES;
export const DEFAULT_LEGAL_LANGUAGE: TLegalLanguage = DEFAULT_LANGUAGE;

/** Version of the legal texts (year-month); the documents are dated 2 October 2023. */
export const LEGAL_VERSION = '2023-10';
export const LEGAL_VERSION_DATE = '2023-10-02';

/** File name of each document inside `/legal/<LANG>/`. */
export const LEGAL_FILES: Readonly<Record<TLegalDocument, string>> = {
  terms: 'terms.pdf',
  privacy: 'privacy-policy.pdf',
  registrationPrivacy: 'registration-privacy-notice.pdf',
};

export type TLegalSection = {
  heading: string;
  paragraphs: readonly string[];
};

export type TLegalText = {
  title: string;
  /** e.g. "Version of 2 October 2023" */
  version: string;
  sections: readonly TLegalSection[];
};

/** Wording shared by all documents of one language. */
export type TLegalLocale = {
  /** BCP 47 tag written into the PDF metadata. */
  locale: string;
  /** One-line description of the product, shown above the title. */
  product: string;
  brands: string;
  banner: { heading: string; text: string };
};

export function isLegalLanguage(lang: string): lang is TLegalLanguage {
  return isLanguage(lang);
}

/** Normalises a language code ("DE", "en-GB", "fr_CH") to a supported one; unknown → Italian. */
export function legalLanguage(lang: string | null | undefined): TLegalLanguage {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLegalLanguage(primary) ? primary : DEFAULT_LEGAL_LANGUAGE;
}

/** Public path of a legal PDF, e.g. `legalPdfPath('privacy', 'de')` → `/legal/DE/privacy-policy.pdf`. */
export function legalPdfPath(doc: TLegalDocument, lang: string): string {
  return `/legal/${legalLanguage(lang).toUpperCase()}/${LEGAL_FILES[doc]}`;
}

export const LEGAL_LOCALES: Readonly<Record<TLegalLanguage, TLegalLocale>> = {
  it: {
    locale: 'it-IT',
    product: 'Washboard · dashboard per lavastoviglie professionali connesse',
    brands: 'Lumina Professional · Kestrel Wash Systems',
    banner: {
      heading: 'TESTO DI ESEMPIO',
      text: 'Questo documento contiene un testo di esempio redatto per un prodotto dimostrativo. Non costituisce consulenza legale e deve essere verificato da un legale qualificato prima di qualsiasi uso reale.',
    },
  },
  en: {
    locale: 'en-GB',
    product: 'Washboard · dashboard for connected commercial dishwashers',
    brands: 'Lumina Professional · Kestrel Wash Systems',
    banner: {
      heading: 'SAMPLE TEXT',
      text: 'This document contains sample wording written for a demonstration product. It is not legal advice and must be reviewed by a qualified lawyer before any real use.',
    },
  },
  fr: {
    locale: 'fr-FR',
    product: 'Washboard · tableau de bord pour lave-vaisselle professionnels connectés',
    brands: 'Lumina Professional · Kestrel Wash Systems',
    banner: {
      heading: "TEXTE D'EXEMPLE",
      text: "Ce document contient un texte d'exemple rédigé pour un produit de démonstration. Il ne constitue pas un conseil juridique et doit être vérifié par un juriste qualifié avant toute utilisation réelle.",
    },
  },
  de: {
    locale: 'de-DE',
    product: 'Washboard · Dashboard für vernetzte gewerbliche Geschirrspülmaschinen',
    brands: 'Lumina Professional · Kestrel Wash Systems',
    banner: {
      heading: 'MUSTERTEXT',
      text: 'Dieses Dokument enthält einen Mustertext für ein Demonstrationsprodukt. Es stellt keine Rechtsberatung dar und muss vor jeder tatsächlichen Verwendung von einer qualifizierten Rechtsanwältin oder einem qualifizierten Rechtsanwalt geprüft werden.',
    },
  },
  es: {
    locale: 'es-ES',
    product: 'Washboard · panel para lavavajillas industriales conectados',
    brands: 'Lumina Professional · Kestrel Wash Systems',
    banner: {
      heading: 'TEXTO DE EJEMPLO',
      text: 'Este documento contiene un texto de ejemplo redactado para un producto de demostración. No constituye asesoramiento jurídico y debe ser revisado por un abogado cualificado antes de cualquier uso real.',
    },
  },
};

const s = (heading: string, ...paragraphs: string[]): TLegalSection => ({ heading, paragraphs });

export const LEGAL_TEXTS: Readonly<Record<TLegalLanguage, Readonly<Record<TLegalDocument, TLegalText>>>> = {
  it: {
    terms: {
      title: "Termini e condizioni d'uso",
      version: 'Versione del 2 ottobre 2023',
      sections: [
        s(
          'Oggetto',
          'I presenti Termini disciplinano l\'uso di Washboard, la dashboard web con cui i clienti professionali monitorano e gestiscono lavastoviglie commerciali connesse (il "Servizio"). Il Servizio è fornito dalla società con il cui marchio viene utilizzato, Lumina Professional o Kestrel Wash Systems (il "Fornitore"). Creando un account o utilizzando il Servizio, l\'utente accetta i presenti Termini per conto della propria organizzazione.',
        ),
        s(
          'Il Servizio',
          'Il Servizio mostra lo stato delle macchine, i cicli di lavaggio, le temperature, i consumi di detergente e brillantante e gli allarmi, invia notifiche e produce report. Le funzionalità disponibili dipendono dal modello della macchina e dal piano di abbonamento.',
          'Il Servizio supporta, ma non sostituisce, i dispositivi di sicurezza delle macchine né i controlli igienici previsti dalla legge (ad esempio le procedure HACCP).',
        ),
        s(
          'Account e ruoli',
          "Ogni account è personale e non può essere condiviso. L'amministratore dell'organizzazione invita gli utenti e assegna i ruoli (ad esempio amministratore, responsabile, operatore o tecnico dell'assistenza), che determinano ciò che ciascun utente può vedere e fare.",
          'Gli utenti devono mantenere riservate le proprie credenziali e informare senza ritardo il Fornitore di qualsiasi sospetto accesso non autorizzato.',
        ),
        s(
          'Dati delle macchine',
          "Le macchine connesse trasmettono dati tecnici come numero di cicli, temperature, consumi di acqua ed energia e codici di errore. L'organizzazione resta titolare di questi dati e concede al Fornitore il diritto di trattarli per gestire, mantenere e migliorare il Servizio e per elaborare statistiche anonime e aggregate.",
        ),
        s(
          'Uso consentito',
          'Non è consentito accedere ai dati di altre organizzazioni, interferire con il funzionamento del Servizio, eluderne le misure di sicurezza o inviare comandi remoti a macchine che non si è autorizzati a gestire. Chi invia un comando remoto deve prima accertarsi che ciò sia sicuro sul posto.',
        ),
        s(
          'Disponibilità e manutenzione',
          "Il Fornitore punta a un'elevata disponibilità, ma non può garantire un funzionamento ininterrotto. La manutenzione programmata viene annunciata nella dashboard, quando possibile. In caso di perdita della connessione le macchine continuano a funzionare localmente e trasmettono i dati memorizzati al ripristino del collegamento, nei limiti della loro memoria.",
        ),
        s(
          'Responsabilità',
          "Nei limiti consentiti dalla legge, il Fornitore non risponde di danni indiretti, mancato guadagno o interruzione dell'attività derivanti dall'uso del Servizio. Resta ferma la responsabilità per dolo, colpa grave e in tutti i casi regolati da norme inderogabili.",
        ),
        s(
          'Modifiche e cessazione',
          "Il Fornitore può aggiornare i presenti Termini. Le modifiche sostanziali sono comunicate con almeno 30 giorni di anticipo nella dashboard o via e-mail. Alla cessazione del contratto l'organizzazione può richiedere entro 30 giorni l'esportazione dei propri dati; successivamente i dati vengono cancellati.",
        ),
        s(
          'Legge applicabile e contatti',
          'I presenti Termini sono regolati dalla legge indicata nel contratto di fornitura. Per domande sul Servizio è possibile scrivere a support@example.com.',
        ),
      ],
    },
    privacy: {
      title: 'Informativa sulla privacy',
      version: 'Versione del 2 ottobre 2023',
      sections: [
        s(
          'Titolare del trattamento',
          "Il titolare del trattamento dei dati personali qui descritti è il Fornitore del marchio con cui si utilizza Washboard: Lumina Professional o Kestrel Wash Systems. Quando un'organizzazione tratta tramite il Servizio dati relativi al proprio personale, è l'organizzazione a essere titolare e il Fornitore agisce come responsabile del trattamento sulla base di un accordo ai sensi dell'art. 28 GDPR.",
        ),
        s(
          'Dati trattati',
          "Dati dell'account (nome, indirizzo e-mail, ruolo, lingua, organizzazione); dati di utilizzo (accessi, indirizzo IP, tipo di browser, azioni registrate nel registro di controllo); dati delle macchine (telemetria, allarmi e, se inseriti sulla macchina, identificativi degli operatori); messaggi scambiati con l'assistenza.",
        ),
        s(
          'Finalità e basi giuridiche',
          "Trattiamo i dati per fornire il Servizio e gestire il contratto (art. 6, par. 1, lett. b GDPR), per garantirne la sicurezza e migliorarlo (legittimo interesse, lett. f), per adempiere obblighi di legge (lett. c) e, solo con il consenso dell'interessato, per inviare comunicazioni di marketing (lett. a).",
        ),
        s(
          'Dati delle macchine e telemetria',
          'La telemetria descrive la macchina, non le persone. Diventa dato personale solo quando può essere collegata a una persona identificabile, ad esempio un operatore in turno. Viene usata per mostrare lo stato delle macchine, inviare allarmi, pianificare la manutenzione ed elaborare statistiche anonime.',
        ),
        s(
          'Destinatari',
          "I dati sono trattati da fornitori di hosting e di posta elettronica che agiscono come nostri responsabili all'interno dello Spazio economico europeo, dai tecnici autorizzati della rete di assistenza del marchio e, se previsto dalla legge, dalle autorità pubbliche. Non vendiamo dati personali.",
        ),
        s(
          'Conservazione',
          "Dati dell'account: per tutta la durata dell'account e fino a 12 mesi dopo la sua chiusura. Registri di accesso: 12 mesi. Telemetria dettagliata: 24 mesi, poi solo in forma aggregata e anonima. Dati di fatturazione: per il periodo previsto dalla normativa fiscale.",
        ),
        s(
          "Diritti dell'interessato",
          "L'interessato ha diritto di accedere ai propri dati, di rettificarli e cancellarli, di limitarne il trattamento o di opporvisi e alla portabilità dei dati. Può revocare il consenso in qualsiasi momento senza pregiudicare la liceità del trattamento precedente e può proporre reclamo all'autorità di controllo del proprio Paese (in Italia, il Garante per la protezione dei dati personali).",
        ),
        s(
          'Cookie e archiviazione locale',
          "La dashboard utilizza solo cookie tecnici necessari e l'archiviazione locale del browser, per la sessione, la lingua scelta, il tema chiaro o scuro e le impostazioni delle tabelle. Non utilizziamo cookie pubblicitari o di profilazione.",
        ),
        s(
          'Sicurezza',
          "I dati sono cifrati durante la trasmissione (TLS), le password sono conservate solo come hash con salt, l'accesso è limitato in base al ruolo e vengono eseguiti backup regolari.",
        ),
        s(
          'Contatti e modifiche',
          'Per domande sulla privacy o per esercitare i propri diritti è possibile scrivere a privacy@example.com. Le versioni aggiornate della presente informativa sono pubblicate nella dashboard con la relativa data.',
        ),
      ],
    },
    registrationPrivacy: {
      title: 'Informativa privacy per la registrazione',
      version: 'Versione del 2 ottobre 2023',
      sections: [
        s(
          'Chi tratta i dati',
          'Con la registrazione a Washboard, i dati sono trattati in qualità di titolare dal Fornitore del marchio indicato nella pagina di registrazione, Lumina Professional o Kestrel Wash Systems.',
        ),
        s(
          'Dati raccolti alla registrazione',
          'Nome e cognome, indirizzo e-mail, password (conservata solo come hash con salt), organizzazione, lingua preferita e, facoltativamente, un numero di telefono. In caso di invito trattiamo anche il codice di invito.',
        ),
        s(
          'Finalità e base giuridica',
          "Usiamo questi dati per creare e gestire l'account, verificare l'indirizzo e-mail e inviare comunicazioni di servizio come allarmi, avvisi di sicurezza e modifiche ai Termini. La base giuridica è l'esecuzione del contratto (art. 6, par. 1, lett. b GDPR).",
        ),
        s(
          'Campi obbligatori e facoltativi',
          "I campi contrassegnati da asterisco sono obbligatori: senza di essi non è possibile creare l'account. Il numero di telefono è facoltativo e viene usato solo per gli allarmi urgenti, se attivati.",
        ),
        s(
          'Il consenso al marketing è facoltativo',
          "Una casella separata, non preselezionata, chiede se si desidera ricevere novità su prodotti e offerte. Il rifiuto non ha alcun effetto sulla registrazione né sull'uso del Servizio. Il consenso può essere revocato in qualsiasi momento dal proprio profilo o tramite il link presente in ogni messaggio.",
        ),
        s(
          'Conservazione',
          "Le registrazioni non confermate entro 30 giorni vengono cancellate. I dati degli account attivi sono conservati come descritto nell'Informativa sulla privacy. La prova del consenso è conservata per il tempo necessario a dimostrarlo.",
        ),
        s(
          'Diritti e contatti',
          "L'interessato gode dei diritti descritti nell'Informativa sulla privacy, sempre disponibile dal menu laterale. Per esercitarli è possibile scrivere a privacy@example.com.",
        ),
      ],
    },
  },

  en: {
    terms: {
      title: 'Terms and Conditions',
      version: 'Version of 2 October 2023',
      sections: [
        s(
          'Scope',
          'These Terms govern the use of Washboard, the web dashboard through which professional customers monitor and manage connected commercial dishwashers (the "Service"). The Service is provided by the company under whose brand you use it, Lumina Professional or Kestrel Wash Systems (the "Provider"). By creating an account or using the Service you accept these Terms on behalf of your organisation.',
        ),
        s(
          'The Service',
          'The Service shows machine status, wash cycles, temperatures, detergent and rinse aid consumption and alarms, sends notifications and produces reports. The functions available depend on the machine model and on the subscription plan.',
          'The Service supports, but does not replace, the safety devices of the machines or the hygiene checks required by law (for example HACCP procedures).',
        ),
        s(
          'Accounts and roles',
          'Each account is personal and may not be shared. The administrator of your organisation invites users and assigns roles (for example administrator, manager, operator or service technician), which determine what each user can see and do.',
          'Users must keep their credentials confidential and inform the Provider without delay of any suspected unauthorised access.',
        ),
        s(
          'Machine data',
          'Connected machines transmit technical data such as cycle counts, temperatures, water and energy consumption and error codes. Your organisation remains the owner of this data and grants the Provider the right to process it in order to operate, maintain and improve the Service and to compile anonymous, aggregated statistics.',
        ),
        s(
          'Acceptable use',
          'You may not access data of other organisations, interfere with the operation of the Service, circumvent its security measures or send remote commands to machines you are not authorised to operate. Whoever sends a remote command must first make sure that doing so is safe on site.',
        ),
        s(
          'Availability and maintenance',
          'The Provider aims for high availability but cannot guarantee uninterrupted operation. Planned maintenance is announced in the dashboard whenever possible. If the connection is lost, machines keep working locally and transmit buffered data once they are back online, within the limits of their memory.',
        ),
        s(
          'Liability',
          'To the extent permitted by law, the Provider is not liable for indirect damage, loss of profit or business interruption resulting from the use of the Service. Liability for wilful misconduct, gross negligence and in all cases governed by mandatory law remains unaffected.',
        ),
        s(
          'Changes and termination',
          'The Provider may update these Terms. Material changes are announced at least 30 days in advance in the dashboard or by email. When the contract ends, your organisation can request an export of its data within 30 days; afterwards the data is deleted.',
        ),
        s(
          'Applicable law and contact',
          'These Terms are governed by the law stated in the supply contract. For questions about the Service, please write to support@example.com.',
        ),
      ],
    },
    privacy: {
      title: 'Privacy Policy',
      version: 'Version of 2 October 2023',
      sections: [
        s(
          'Data controller',
          'The controller of the personal data described here is the Provider of the brand under which you use Washboard: Lumina Professional or Kestrel Wash Systems. Where your organisation processes data about its own staff through the Service, the organisation is the controller and the Provider acts as its processor under a data processing agreement (Article 28 GDPR).',
        ),
        s(
          'Data we process',
          'Account data (name, email address, role, language, organisation); usage data (log-ins, IP address, browser type, actions recorded in the audit log); machine data (telemetry, alarms and, if entered on the machine, operator identifiers); messages exchanged with support.',
        ),
        s(
          'Purposes and legal bases',
          'We process data to provide the Service and manage the contract (Art. 6(1)(b) GDPR), to keep the Service secure and improve it (legitimate interest, Art. 6(1)(f)), to comply with legal obligations (Art. 6(1)(c)) and, only with your consent, to send marketing communications (Art. 6(1)(a)).',
        ),
        s(
          'Machine data and telemetry',
          'Telemetry describes the machine rather than people. It becomes personal data only when it can be linked to an identifiable person, for example an operator on a shift. It is used to show machine status, send alarms, plan maintenance and produce anonymous statistics.',
        ),
        s(
          'Recipients',
          "Data is processed by hosting and email providers acting as our processors within the European Economic Area, by authorised service technicians of the brand's network and, where required by law, by public authorities. We do not sell personal data.",
        ),
        s(
          'Retention',
          'Account data: for the lifetime of the account and up to 12 months after it is closed. Access logs: 12 months. Detailed telemetry: 24 months, then only in aggregated, anonymous form. Invoicing data: for the period required by tax law.',
        ),
        s(
          'Your rights',
          'You have the right to access, rectify and erase your data, to restrict or object to its processing and to data portability. You may withdraw consent at any time without affecting earlier processing, and you may lodge a complaint with the supervisory authority of your country.',
        ),
        s(
          'Cookies and local storage',
          "The dashboard uses only technically necessary cookies and the browser's local storage, for the session, the chosen language, the light or dark colour scheme and table settings. We do not use advertising or profiling cookies.",
        ),
        s(
          'Security',
          'Data is encrypted in transit (TLS), passwords are stored only as salted hashes, access is limited by role and backups are made regularly.',
        ),
        s(
          'Contact and changes',
          'For privacy questions or to exercise your rights, write to privacy@example.com. Updated versions of this policy are published in the dashboard together with their date.',
        ),
      ],
    },
    registrationPrivacy: {
      title: 'Registration Privacy Notice',
      version: 'Version of 2 October 2023',
      sections: [
        s(
          'Who processes your data',
          'When you register for Washboard, your data is processed by the Provider of the brand shown on the registration page, Lumina Professional or Kestrel Wash Systems, as data controller.',
        ),
        s(
          'Data collected at registration',
          'First and last name, email address, password (stored only as a salted hash), organisation, preferred language and, optionally, a telephone number. If you were invited, we also process the invitation code.',
        ),
        s(
          'Purpose and legal basis',
          'We use this data to create and manage your account, verify your email address and send you service messages such as alarms, security notices and changes to the Terms. The legal basis is the performance of the contract (Art. 6(1)(b) GDPR).',
        ),
        s(
          'Required and optional fields',
          'Fields marked with an asterisk are required: without them the account cannot be created. The telephone number is optional and is used only for urgent alarms, if you enable them.',
        ),
        s(
          'Marketing consent is optional',
          'A separate, unticked checkbox asks whether you would like to receive news about products and offers. Declining has no effect on your registration or on the use of the Service. You can withdraw consent at any time from your profile or via the link in every message.',
        ),
        s(
          'Retention',
          'Registrations that are not confirmed within 30 days are deleted. Data of active accounts is kept as described in the Privacy Policy. Proof of your consent is kept for as long as it is needed to demonstrate it.',
        ),
        s(
          'Your rights and contact',
          'You have the rights described in the Privacy Policy, which is always available from the side menu. To exercise them, write to privacy@example.com.',
        ),
      ],
    },
  },

  fr: {
    terms: {
      title: "Conditions générales d'utilisation",
      version: 'Version du 2 octobre 2023',
      sections: [
        s(
          'Objet',
          "Les présentes Conditions régissent l'utilisation de Washboard, le tableau de bord web grâce auquel les clients professionnels surveillent et gèrent des lave-vaisselle professionnels connectés (le « Service »). Le Service est fourni par la société sous la marque de laquelle vous l'utilisez, Lumina Professional ou Kestrel Wash Systems (le « Fournisseur »). En créant un compte ou en utilisant le Service, vous acceptez les présentes Conditions au nom de votre organisation.",
        ),
        s(
          'Le Service',
          "Le Service affiche l'état des machines, les cycles de lavage, les températures, la consommation de détergent et de produit de rinçage ainsi que les alarmes ; il envoie des notifications et produit des rapports. Les fonctions disponibles dépendent du modèle de machine et de la formule d'abonnement.",
          "Le Service aide au suivi des machines mais ne remplace ni leurs dispositifs de sécurité ni les contrôles d'hygiène imposés par la loi (par exemple les procédures HACCP).",
        ),
        s(
          'Comptes et rôles',
          "Chaque compte est personnel et ne peut pas être partagé. L'administrateur de votre organisation invite les utilisateurs et leur attribue des rôles (par exemple administrateur, responsable, opérateur ou technicien de maintenance), qui déterminent ce que chacun peut voir et faire.",
          'Les utilisateurs doivent garder leurs identifiants confidentiels et informer sans délai le Fournisseur de tout accès non autorisé présumé.',
        ),
        s(
          'Données des machines',
          "Les machines connectées transmettent des données techniques telles que le nombre de cycles, les températures, la consommation d'eau et d'énergie et les codes d'erreur. Votre organisation reste propriétaire de ces données et accorde au Fournisseur le droit de les traiter afin d'exploiter, de maintenir et d'améliorer le Service et d'établir des statistiques anonymes et agrégées.",
        ),
        s(
          'Utilisation autorisée',
          "Il est interdit d'accéder aux données d'autres organisations, de perturber le fonctionnement du Service, de contourner ses mesures de sécurité ou d'envoyer des commandes à distance à des machines que vous n'êtes pas autorisé à piloter. Toute personne qui envoie une commande à distance doit d'abord s'assurer qu'elle peut être exécutée sans danger sur place.",
        ),
        s(
          'Disponibilité et maintenance',
          'Le Fournisseur vise une haute disponibilité mais ne peut garantir un fonctionnement ininterrompu. Les opérations de maintenance planifiées sont annoncées dans le tableau de bord dans la mesure du possible. En cas de perte de connexion, les machines continuent de fonctionner localement et transmettent les données enregistrées une fois la connexion rétablie, dans la limite de leur mémoire.',
        ),
        s(
          'Responsabilité',
          "Dans les limites autorisées par la loi, le Fournisseur n'est pas responsable des dommages indirects, du manque à gagner ou de l'interruption d'activité résultant de l'utilisation du Service. La responsabilité pour faute intentionnelle ou faute lourde et dans tous les cas régis par des dispositions impératives n'est pas affectée.",
        ),
        s(
          'Modifications et résiliation',
          "Le Fournisseur peut mettre à jour les présentes Conditions. Les modifications importantes sont annoncées au moins 30 jours à l'avance dans le tableau de bord ou par e-mail. À la fin du contrat, votre organisation peut demander l'export de ses données dans un délai de 30 jours ; les données sont ensuite supprimées.",
        ),
        s(
          'Droit applicable et contact',
          'Les présentes Conditions sont régies par le droit indiqué dans le contrat de fourniture. Pour toute question sur le Service, écrivez à support@example.com.',
        ),
      ],
    },
    privacy: {
      title: 'Politique de confidentialité',
      version: 'Version du 2 octobre 2023',
      sections: [
        s(
          'Responsable du traitement',
          "Le responsable du traitement des données personnelles décrites ici est le Fournisseur de la marque sous laquelle vous utilisez Washboard : Lumina Professional ou Kestrel Wash Systems. Lorsque votre organisation traite, au moyen du Service, des données concernant son propre personnel, elle en est responsable et le Fournisseur agit en tant que sous-traitant en vertu d'un accord conforme à l'article 28 du RGPD.",
        ),
        s(
          'Données traitées',
          "Données de compte (nom, adresse e-mail, rôle, langue, organisation) ; données d'utilisation (connexions, adresse IP, type de navigateur, actions consignées dans le journal d'audit) ; données des machines (télémétrie, alarmes et, s'ils sont saisis sur la machine, identifiants des opérateurs) ; messages échangés avec le support.",
        ),
        s(
          'Finalités et bases juridiques',
          "Nous traitons les données pour fournir le Service et gérer le contrat (art. 6, par. 1, point b du RGPD), pour en assurer la sécurité et l'améliorer (intérêt légitime, point f), pour respecter nos obligations légales (point c) et, uniquement avec votre consentement, pour vous envoyer des communications marketing (point a).",
        ),
        s(
          'Données des machines et télémétrie',
          "La télémétrie décrit la machine et non les personnes. Elle ne devient une donnée personnelle que si elle peut être rattachée à une personne identifiable, par exemple un opérateur pendant son service. Elle sert à afficher l'état des machines, à envoyer des alarmes, à planifier la maintenance et à produire des statistiques anonymes.",
        ),
        s(
          'Destinataires',
          "Les données sont traitées par des prestataires d'hébergement et de messagerie agissant en tant que sous-traitants au sein de l'Espace économique européen, par les techniciens agréés du réseau de la marque et, lorsque la loi l'exige, par les autorités publiques. Nous ne vendons pas de données personnelles.",
        ),
        s(
          'Durée de conservation',
          "Données de compte : pendant toute la durée du compte et jusqu'à 12 mois après sa clôture. Journaux d'accès : 12 mois. Télémétrie détaillée : 24 mois, puis uniquement sous forme agrégée et anonyme. Données de facturation : pendant la durée imposée par la législation fiscale.",
        ),
        s(
          'Vos droits',
          "Vous disposez d'un droit d'accès, de rectification et d'effacement de vos données, d'un droit à la limitation du traitement, d'un droit d'opposition et d'un droit à la portabilité. Vous pouvez retirer votre consentement à tout moment sans remettre en cause les traitements antérieurs et introduire une réclamation auprès de l'autorité de contrôle de votre pays (en France, la CNIL).",
        ),
        s(
          'Cookies et stockage local',
          "Le tableau de bord n'utilise que des cookies strictement nécessaires et le stockage local du navigateur, pour la session, la langue choisie, le thème clair ou sombre et les réglages des tableaux. Nous n'utilisons aucun cookie publicitaire ou de profilage.",
        ),
        s(
          'Sécurité',
          "Les données sont chiffrées lors de leur transmission (TLS), les mots de passe ne sont conservés que sous forme de hachages salés, l'accès est limité selon le rôle et des sauvegardes sont effectuées régulièrement.",
        ),
        s(
          'Contact et modifications',
          'Pour toute question relative à la protection des données ou pour exercer vos droits, écrivez à privacy@example.com. Les versions mises à jour de la présente politique sont publiées dans le tableau de bord avec leur date.',
        ),
      ],
    },
    registrationPrivacy: {
      title: "Avis de confidentialité relatif à l'inscription",
      version: 'Version du 2 octobre 2023',
      sections: [
        s(
          'Qui traite vos données',
          "Lorsque vous vous inscrivez à Washboard, vos données sont traitées, en qualité de responsable du traitement, par le Fournisseur de la marque indiquée sur la page d'inscription, Lumina Professional ou Kestrel Wash Systems.",
        ),
        s(
          "Données collectées lors de l'inscription",
          "Prénom et nom, adresse e-mail, mot de passe (conservé uniquement sous forme de hachage salé), organisation, langue préférée et, de manière facultative, un numéro de téléphone. Si vous avez été invité, nous traitons également le code d'invitation.",
        ),
        s(
          'Finalité et base juridique',
          "Nous utilisons ces données pour créer et gérer votre compte, vérifier votre adresse e-mail et vous envoyer des messages de service tels que des alarmes, des avis de sécurité et les modifications des Conditions. La base juridique est l'exécution du contrat (art. 6, par. 1, point b du RGPD).",
        ),
        s(
          'Champs obligatoires et facultatifs',
          "Les champs marqués d'un astérisque sont obligatoires : sans eux, le compte ne peut pas être créé. Le numéro de téléphone est facultatif et n'est utilisé que pour les alarmes urgentes, si vous les activez.",
        ),
        s(
          'Le consentement marketing est facultatif',
          "Une case distincte, non cochée, vous demande si vous souhaitez recevoir des nouvelles sur nos produits et offres. Un refus n'a aucune incidence sur votre inscription ni sur l'utilisation du Service. Vous pouvez retirer votre consentement à tout moment depuis votre profil ou via le lien présent dans chaque message.",
        ),
        s(
          'Conservation',
          'Les inscriptions non confirmées dans un délai de 30 jours sont supprimées. Les données des comptes actifs sont conservées comme indiqué dans la Politique de confidentialité. La preuve de votre consentement est conservée aussi longtemps que nécessaire pour pouvoir la démontrer.',
        ),
        s(
          'Vos droits et contact',
          'Vous disposez des droits décrits dans la Politique de confidentialité, accessible à tout moment depuis le menu latéral. Pour les exercer, écrivez à privacy@example.com.',
        ),
      ],
    },
  },

  de: {
    terms: {
      title: 'Allgemeine Nutzungsbedingungen',
      version: 'Fassung vom 2. Oktober 2023',
      sections: [
        s(
          'Geltungsbereich',
          'Diese Bedingungen regeln die Nutzung von Washboard, dem Web-Dashboard, mit dem gewerbliche Kunden vernetzte gewerbliche Geschirrspülmaschinen überwachen und verwalten (der „Dienst“). Der Dienst wird von dem Unternehmen erbracht, unter dessen Marke Sie ihn nutzen, Lumina Professional oder Kestrel Wash Systems (der „Anbieter“). Mit der Erstellung eines Kontos oder der Nutzung des Dienstes akzeptieren Sie diese Bedingungen im Namen Ihrer Organisation.',
        ),
        s(
          'Der Dienst',
          'Der Dienst zeigt Maschinenstatus, Spülzyklen, Temperaturen, den Verbrauch von Reiniger und Klarspüler sowie Alarme an, versendet Benachrichtigungen und erstellt Berichte. Welche Funktionen verfügbar sind, hängt vom Maschinenmodell und vom Abonnement ab.',
          'Der Dienst unterstützt die Sicherheitseinrichtungen der Maschinen und die gesetzlich vorgeschriebenen Hygienekontrollen (zum Beispiel HACCP-Verfahren), ersetzt sie aber nicht.',
        ),
        s(
          'Konten und Rollen',
          'Jedes Konto ist persönlich und darf nicht geteilt werden. Die Administratorin oder der Administrator Ihrer Organisation lädt Benutzer ein und weist ihnen Rollen zu (zum Beispiel Administrator, Manager, Bediener oder Servicetechniker), die festlegen, was jeder Benutzer sehen und tun kann.',
          'Benutzer müssen ihre Zugangsdaten vertraulich behandeln und den Anbieter unverzüglich über jeden Verdacht auf unbefugten Zugriff informieren.',
        ),
        s(
          'Maschinendaten',
          'Vernetzte Maschinen übermitteln technische Daten wie Zyklenzahlen, Temperaturen, Wasser- und Energieverbrauch sowie Fehlercodes. Ihre Organisation bleibt Inhaberin dieser Daten und räumt dem Anbieter das Recht ein, sie zum Betrieb, zur Wartung und zur Verbesserung des Dienstes sowie für anonyme, aggregierte Statistiken zu verarbeiten.',
        ),
        s(
          'Zulässige Nutzung',
          'Es ist untersagt, auf Daten anderer Organisationen zuzugreifen, den Betrieb des Dienstes zu stören, seine Sicherheitsmaßnahmen zu umgehen oder Fernbefehle an Maschinen zu senden, für deren Bedienung Sie nicht berechtigt sind. Wer einen Fernbefehl sendet, muss sich vorher vergewissern, dass dies vor Ort gefahrlos möglich ist.',
        ),
        s(
          'Verfügbarkeit und Wartung',
          'Der Anbieter strebt eine hohe Verfügbarkeit an, kann jedoch keinen unterbrechungsfreien Betrieb garantieren. Geplante Wartungsarbeiten werden nach Möglichkeit im Dashboard angekündigt. Bei Verbindungsverlust arbeiten die Maschinen lokal weiter und übertragen zwischengespeicherte Daten, sobald sie wieder online sind, soweit ihr Speicher reicht.',
        ),
        s(
          'Haftung',
          'Soweit gesetzlich zulässig, haftet der Anbieter nicht für mittelbare Schäden, entgangenen Gewinn oder Betriebsunterbrechungen, die aus der Nutzung des Dienstes entstehen. Die Haftung für Vorsatz und grobe Fahrlässigkeit sowie in allen Fällen zwingender gesetzlicher Haftung bleibt unberührt.',
        ),
        s(
          'Änderungen und Kündigung',
          'Der Anbieter kann diese Bedingungen aktualisieren. Wesentliche Änderungen werden mindestens 30 Tage im Voraus im Dashboard oder per E-Mail angekündigt. Nach Vertragsende kann Ihre Organisation innerhalb von 30 Tagen einen Export ihrer Daten anfordern; danach werden die Daten gelöscht.',
        ),
        s(
          'Anwendbares Recht und Kontakt',
          'Für diese Bedingungen gilt das im Liefervertrag genannte Recht. Bei Fragen zum Dienst schreiben Sie bitte an support@example.com.',
        ),
      ],
    },
    privacy: {
      title: 'Datenschutzerklärung',
      version: 'Fassung vom 2. Oktober 2023',
      sections: [
        s(
          'Verantwortlicher',
          'Verantwortlicher für die hier beschriebenen personenbezogenen Daten ist der Anbieter der Marke, unter der Sie Washboard nutzen: Lumina Professional oder Kestrel Wash Systems. Soweit Ihre Organisation über den Dienst Daten ihrer eigenen Beschäftigten verarbeitet, ist sie Verantwortlicher und der Anbieter handelt als Auftragsverarbeiter auf Grundlage eines Vertrags nach Art. 28 DSGVO.',
        ),
        s(
          'Verarbeitete Daten',
          'Kontodaten (Name, E-Mail-Adresse, Rolle, Sprache, Organisation); Nutzungsdaten (Anmeldungen, IP-Adresse, Browsertyp, im Audit-Protokoll erfasste Aktionen); Maschinendaten (Telemetrie, Alarme und, sofern an der Maschine eingegeben, Bedienerkennungen); mit dem Support ausgetauschte Nachrichten.',
        ),
        s(
          'Zwecke und Rechtsgrundlagen',
          'Wir verarbeiten Daten, um den Dienst zu erbringen und den Vertrag abzuwickeln (Art. 6 Abs. 1 lit. b DSGVO), um den Dienst sicher zu betreiben und zu verbessern (berechtigtes Interesse, lit. f), um gesetzliche Pflichten zu erfüllen (lit. c) und, nur mit Ihrer Einwilligung, um Ihnen Werbung zu senden (lit. a).',
        ),
        s(
          'Maschinendaten und Telemetrie',
          'Telemetrie beschreibt die Maschine, nicht Personen. Personenbezogen wird sie erst, wenn sie einer identifizierbaren Person zugeordnet werden kann, etwa einem Bediener in einer Schicht. Sie dient dazu, den Maschinenstatus anzuzeigen, Alarme zu senden, Wartungen zu planen und anonyme Statistiken zu erstellen.',
        ),
        s(
          'Empfänger',
          'Die Daten werden von Hosting- und E-Mail-Dienstleistern verarbeitet, die als unsere Auftragsverarbeiter im Europäischen Wirtschaftsraum tätig sind, von autorisierten Servicetechnikern des Netzwerks der Marke und, soweit gesetzlich vorgeschrieben, von Behörden. Wir verkaufen keine personenbezogenen Daten.',
        ),
        s(
          'Speicherdauer',
          'Kontodaten: für die Dauer des Kontos und bis zu 12 Monate nach seiner Schließung. Zugriffsprotokolle: 12 Monate. Detaillierte Telemetrie: 24 Monate, danach nur noch in aggregierter, anonymer Form. Rechnungsdaten: für die steuerrechtlich vorgeschriebene Dauer.',
        ),
        s(
          'Ihre Rechte',
          'Sie haben das Recht auf Auskunft, Berichtigung und Löschung Ihrer Daten, auf Einschränkung der Verarbeitung, auf Widerspruch und auf Datenübertragbarkeit. Sie können eine Einwilligung jederzeit widerrufen, ohne dass die Rechtmäßigkeit der bisherigen Verarbeitung berührt wird, und sich bei einer Datenschutz-Aufsichtsbehörde beschweren.',
        ),
        s(
          'Cookies und lokaler Speicher',
          'Das Dashboard verwendet ausschließlich technisch notwendige Cookies und den lokalen Speicher des Browsers, und zwar für die Sitzung, die gewählte Sprache, das helle oder dunkle Farbschema und Tabelleneinstellungen. Werbe- oder Tracking-Cookies setzen wir nicht ein.',
        ),
        s(
          'Sicherheit',
          'Daten werden bei der Übertragung verschlüsselt (TLS), Passwörter werden nur als gesalzene Hashes gespeichert, der Zugriff ist nach Rollen beschränkt und es werden regelmäßig Sicherungen erstellt.',
        ),
        s(
          'Kontakt und Änderungen',
          'Bei Fragen zum Datenschutz oder zur Ausübung Ihrer Rechte schreiben Sie an privacy@example.com. Aktualisierte Fassungen dieser Erklärung werden mit ihrem Datum im Dashboard veröffentlicht.',
        ),
      ],
    },
    registrationPrivacy: {
      title: 'Datenschutzhinweise zur Registrierung',
      version: 'Fassung vom 2. Oktober 2023',
      sections: [
        s(
          'Wer Ihre Daten verarbeitet',
          'Wenn Sie sich bei Washboard registrieren, verarbeitet der Anbieter der auf der Registrierungsseite angezeigten Marke, Lumina Professional oder Kestrel Wash Systems, Ihre Daten als Verantwortlicher.',
        ),
        s(
          'Bei der Registrierung erhobene Daten',
          'Vor- und Nachname, E-Mail-Adresse, Passwort (nur als gesalzener Hash gespeichert), Organisation, bevorzugte Sprache und optional eine Telefonnummer. Wenn Sie eingeladen wurden, verarbeiten wir außerdem den Einladungscode.',
        ),
        s(
          'Zweck und Rechtsgrundlage',
          'Wir verwenden diese Daten, um Ihr Konto anzulegen und zu verwalten, Ihre E-Mail-Adresse zu bestätigen und Ihnen Servicenachrichten wie Alarme, Sicherheitshinweise und Änderungen der Nutzungsbedingungen zu senden. Rechtsgrundlage ist die Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO).',
        ),
        s(
          'Pflichtangaben und freiwillige Angaben',
          'Mit einem Sternchen gekennzeichnete Felder sind Pflichtfelder; ohne sie kann das Konto nicht angelegt werden. Die Telefonnummer ist freiwillig und wird nur für dringende Alarme verwendet, wenn Sie diese aktivieren.',
        ),
        s(
          'Die Einwilligung in Werbung ist freiwillig',
          'Ein separates, nicht vorausgewähltes Kontrollkästchen fragt, ob Sie Neuigkeiten zu Produkten und Angeboten erhalten möchten. Eine Ablehnung hat keinerlei Auswirkungen auf Ihre Registrierung oder die Nutzung des Dienstes. Sie können Ihre Einwilligung jederzeit in Ihrem Profil oder über den Link in jeder Nachricht widerrufen.',
        ),
        s(
          'Speicherdauer',
          'Registrierungen, die nicht innerhalb von 30 Tagen bestätigt werden, werden gelöscht. Daten aktiver Konten werden wie in der Datenschutzerklärung beschrieben gespeichert. Der Nachweis Ihrer Einwilligung wird so lange aufbewahrt, wie er zu Nachweiszwecken benötigt wird.',
        ),
        s(
          'Ihre Rechte und Kontakt',
          'Ihnen stehen die in der Datenschutzerklärung beschriebenen Rechte zu; die Erklärung ist jederzeit über das Seitenmenü abrufbar. Zur Ausübung Ihrer Rechte schreiben Sie an privacy@example.com.',
        ),
      ],
    },
  },

  es: {
    terms: {
      title: 'Términos y condiciones de uso',
      version: 'Versión del 2 de octubre de 2023',
      sections: [
        s(
          'Objeto',
          'Estos Términos regulan el uso de Washboard, el panel web con el que los clientes profesionales supervisan y gestionan lavavajillas industriales conectados (el «Servicio»). El Servicio lo presta la empresa bajo cuya marca usted lo utiliza, Lumina Professional o Kestrel Wash Systems (el «Proveedor»). Al crear una cuenta o utilizar el Servicio, usted acepta estos Términos en nombre de su organización.',
        ),
        s(
          'El Servicio',
          'El Servicio muestra el estado de las máquinas, los ciclos de lavado, las temperaturas, el consumo de detergente y abrillantador y las alarmas, envía notificaciones y genera informes. Las funciones disponibles dependen del modelo de máquina y del plan de suscripción.',
          'El Servicio sirve de apoyo, pero no sustituye a los dispositivos de seguridad de las máquinas ni a los controles de higiene exigidos por la ley (por ejemplo, los procedimientos APPCC).',
        ),
        s(
          'Cuentas y roles',
          'Cada cuenta es personal y no puede compartirse. El administrador de su organización invita a los usuarios y les asigna roles (por ejemplo, administrador, responsable, operador o técnico de servicio), que determinan lo que cada usuario puede ver y hacer.',
          'Los usuarios deben mantener la confidencialidad de sus credenciales e informar sin demora al Proveedor de cualquier sospecha de acceso no autorizado.',
        ),
        s(
          'Datos de las máquinas',
          'Las máquinas conectadas transmiten datos técnicos como el número de ciclos, las temperaturas, el consumo de agua y energía y los códigos de error. Su organización sigue siendo titular de estos datos y concede al Proveedor el derecho a tratarlos para operar, mantener y mejorar el Servicio y elaborar estadísticas anónimas y agregadas.',
        ),
        s(
          'Uso permitido',
          'No está permitido acceder a datos de otras organizaciones, interferir en el funcionamiento del Servicio, eludir sus medidas de seguridad ni enviar órdenes remotas a máquinas que usted no esté autorizado a manejar. Quien envíe una orden remota debe comprobar antes que puede ejecutarse de forma segura in situ.',
        ),
        s(
          'Disponibilidad y mantenimiento',
          'El Proveedor procura una alta disponibilidad, pero no puede garantizar un funcionamiento ininterrumpido. El mantenimiento programado se anuncia en el panel siempre que sea posible. Si se pierde la conexión, las máquinas siguen funcionando localmente y transmiten los datos almacenados cuando vuelven a estar en línea, dentro de los límites de su memoria.',
        ),
        s(
          'Responsabilidad',
          'En la medida permitida por la ley, el Proveedor no responde de daños indirectos, lucro cesante ni interrupción de la actividad derivados del uso del Servicio. Queda a salvo la responsabilidad por dolo, culpa grave y en todos los casos regidos por normas imperativas.',
        ),
        s(
          'Modificaciones y resolución',
          'El Proveedor puede actualizar estos Términos. Los cambios sustanciales se anuncian con al menos 30 días de antelación en el panel o por correo electrónico. Al finalizar el contrato, su organización puede solicitar en un plazo de 30 días la exportación de sus datos; después, los datos se eliminan.',
        ),
        s(
          'Ley aplicable y contacto',
          'Estos Términos se rigen por la ley indicada en el contrato de suministro. Para cualquier consulta sobre el Servicio, escriba a support@example.com.',
        ),
      ],
    },
    privacy: {
      title: 'Política de privacidad',
      version: 'Versión del 2 de octubre de 2023',
      sections: [
        s(
          'Responsable del tratamiento',
          'El responsable del tratamiento de los datos personales aquí descritos es el Proveedor de la marca con la que usted utiliza Washboard: Lumina Professional o Kestrel Wash Systems. Cuando su organización trata a través del Servicio datos de su propio personal, la organización es la responsable y el Proveedor actúa como encargado del tratamiento en virtud de un contrato conforme al artículo 28 del RGPD.',
        ),
        s(
          'Datos que tratamos',
          'Datos de la cuenta (nombre, dirección de correo electrónico, rol, idioma, organización); datos de uso (inicios de sesión, dirección IP, tipo de navegador, acciones anotadas en el registro de auditoría); datos de las máquinas (telemetría, alarmas y, si se introducen en la máquina, identificadores de los operadores); mensajes intercambiados con el servicio de asistencia.',
        ),
        s(
          'Finalidades y bases jurídicas',
          'Tratamos los datos para prestar el Servicio y gestionar el contrato (art. 6.1.b del RGPD), para mantener su seguridad y mejorarlo (interés legítimo, art. 6.1.f), para cumplir obligaciones legales (art. 6.1.c) y, solo con su consentimiento, para enviarle comunicaciones comerciales (art. 6.1.a).',
        ),
        s(
          'Datos de las máquinas y telemetría',
          'La telemetría describe la máquina, no a las personas. Solo se convierte en dato personal cuando puede vincularse a una persona identificable, por ejemplo un operador durante su turno. Se utiliza para mostrar el estado de las máquinas, enviar alarmas, planificar el mantenimiento y elaborar estadísticas anónimas.',
        ),
        s(
          'Destinatarios',
          'Los datos son tratados por proveedores de alojamiento y de correo electrónico que actúan como encargados del tratamiento dentro del Espacio Económico Europeo, por técnicos autorizados de la red de la marca y, cuando lo exija la ley, por las autoridades públicas. No vendemos datos personales.',
        ),
        s(
          'Conservación',
          'Datos de la cuenta: mientras la cuenta exista y hasta 12 meses después de su cierre. Registros de acceso: 12 meses. Telemetría detallada: 24 meses y, después, solo de forma agregada y anónima. Datos de facturación: durante el plazo exigido por la normativa fiscal.',
        ),
        s(
          'Sus derechos',
          'Usted tiene derecho a acceder a sus datos, rectificarlos y suprimirlos, a limitar su tratamiento u oponerse a él y a la portabilidad de los datos. Puede retirar su consentimiento en cualquier momento sin que ello afecte a la licitud del tratamiento anterior y presentar una reclamación ante la autoridad de control de su país (en España, la Agencia Española de Protección de Datos).',
        ),
        s(
          'Cookies y almacenamiento local',
          'El panel utiliza únicamente cookies técnicas necesarias y el almacenamiento local del navegador, para la sesión, el idioma elegido, el tema claro u oscuro y la configuración de las tablas. No utilizamos cookies publicitarias ni de elaboración de perfiles.',
        ),
        s(
          'Seguridad',
          'Los datos se cifran durante su transmisión (TLS), las contraseñas se guardan solo como hashes con sal, el acceso se limita según el rol y se realizan copias de seguridad periódicas.',
        ),
        s(
          'Contacto y cambios',
          'Para consultas sobre privacidad o para ejercer sus derechos, escriba a privacy@example.com. Las versiones actualizadas de esta política se publican en el panel junto con su fecha.',
        ),
      ],
    },
    registrationPrivacy: {
      title: 'Aviso de privacidad para el registro',
      version: 'Versión del 2 de octubre de 2023',
      sections: [
        s(
          'Quién trata sus datos',
          'Cuando usted se registra en Washboard, sus datos son tratados, como responsable del tratamiento, por el Proveedor de la marca que aparece en la página de registro, Lumina Professional o Kestrel Wash Systems.',
        ),
        s(
          'Datos recogidos en el registro',
          'Nombre y apellidos, dirección de correo electrónico, contraseña (guardada solo como hash con sal), organización, idioma preferido y, de forma opcional, un número de teléfono. Si ha recibido una invitación, también tratamos el código de invitación.',
        ),
        s(
          'Finalidad y base jurídica',
          'Utilizamos estos datos para crear y gestionar su cuenta, verificar su dirección de correo electrónico y enviarle mensajes de servicio como alarmas, avisos de seguridad y cambios en los Términos. La base jurídica es la ejecución del contrato (art. 6.1.b del RGPD).',
        ),
        s(
          'Campos obligatorios y opcionales',
          'Los campos marcados con un asterisco son obligatorios: sin ellos no es posible crear la cuenta. El número de teléfono es opcional y solo se utiliza para alarmas urgentes, si usted las activa.',
        ),
        s(
          'El consentimiento comercial es opcional',
          'Una casilla independiente y sin marcar le pregunta si desea recibir novedades sobre productos y ofertas. No marcarla no afecta en absoluto a su registro ni al uso del Servicio. Puede retirar su consentimiento en cualquier momento desde su perfil o mediante el enlace incluido en cada mensaje.',
        ),
        s(
          'Conservación',
          'Los registros no confirmados en un plazo de 30 días se eliminan. Los datos de las cuentas activas se conservan según lo descrito en la Política de privacidad. La prueba de su consentimiento se conserva durante el tiempo necesario para poder acreditarlo.',
        ),
        s(
          'Sus derechos y contacto',
          'Usted tiene los derechos descritos en la Política de privacidad, disponible en todo momento desde el menú lateral. Para ejercerlos, escriba a privacy@example.com.',
        ),
      ],
    },
  },
};

/** The text of one document in the given language (unknown language → Italian). */
export function legalText(doc: TLegalDocument, lang: string): TLegalText {
  return LEGAL_TEXTS[legalLanguage(lang)][doc];
}
