import type { MarketingMessages } from '../en/marketing';

/** Deutsche Texte der Website; die Typprüfung verlangt jeden Schlüssel des englischen Originals. */
export const marketingDe = {
  nav: {
    features: 'Funktionen',
    pricing: 'Preise',
    calculator: 'Rechner',
    signIn: 'Anmelden',
    getStarted: 'Jetzt starten',
    language: 'Sprache',
    otherLanguage: 'English',
    menu: 'Hauptnavigation',
  },
  footer: { imprint: 'Impressum', privacy: 'Datenschutz', tos: 'AGB', hosted: 'Gehostet in Deutschland · DSGVO-konform' },
  home: {
    title: 'LoRaWAN-Geräte, Gateways und Daten in einer Konsole',
    description:
      'Eine LoRa-IoT-Plattform, gehostet in Deutschland: Tausende Sensoren, Gateways und ihre Daten verwalten – mit Dashboards, Webhooks und offener REST-API.',
    heading: 'Ihre LoRaWAN-Flotte, eine Konsole',
    lead: 'Registrieren Sie Tausende Sensoren in Minuten, verbinden Sie Gateways mit einem Zertifikat und sehen Sie dekodierte Daten in Dashboards ankommen – gehostet in Deutschland, abgerechnet pro Gerät.',
    primary: 'Kostenlos mit {freeLimit} Geräten starten',
    secondary: 'Preise ansehen',
    allFeatures: 'Alle Funktionen',
    pointsTitle: 'Warum Teams ihre Flotte hierher bringen',
    points: {
      hosting: {
        title: 'Gehostet in Deutschland',
        text: 'Server in deutschen Rechenzentren, DSGVO-konform, mit Auftragsverarbeitungsvertrag für jeden Kunden.',
      },
      storage: { title: 'Ihre Daten bleiben', text: 'Dauerhafte Speicherung der Gerätedaten im Premium-Tarif; einen Monat oder ein Jahr in den anderen.' },
      api: { title: 'Offene REST-API', text: 'Alles, was die Konsole kann, können auch Ihre Systeme: mit OpenAPI dokumentiert, per API-Schlüssel angemeldet.' },
      import: {
        title: 'Massenimport ohne verlorene Zeile',
        text: 'Gerätelisten per CSV importieren; jede Zeile endet als importiert, fehlgeschlagen mit Grund oder Duplikat.',
      },
    },
  },
  features: {
    title: 'Funktionen',
    description:
      'FUOTA, Gateway-Mesh, adaptive Datenrate, automatischer Rejoin, Regeln und Webhooks, eigene Dashboards und White Label: was die Plattform leistet.',
    heading: 'Alles, was ein LoRaWAN-Betreiber braucht',
    items: {
      hosting: { title: 'Gehostet in Deutschland', text: 'Betrieben auf deutscher Infrastruktur, nach EU-Recht.' },
      gdpr: { title: 'DSGVO-konform', text: 'Datensparsamkeit, Löschung auf Anfrage und Auftragsverarbeitungsvertrag inklusive.' },
      storage: {
        title: 'Dauerhafte Speicherung der Gerätedaten',
        text: 'Jeden Messwert so lange aufbewahren, wie Sie ihn brauchen, und über die API abrufen.',
      },
      api: { title: 'Offene REST-API', text: 'Mit OpenAPI dokumentierte Schnittstellen für Geräte, Gateways, Profile, Daten und Dashboards.' },
      fuota: { title: 'FUOTA', text: 'Firmware-Updates über die Luft: Geräte-Firmware im Feld per LoRaWAN-Multicast aktualisieren statt vor Ort.' },
      mesh: { title: 'Gateway-Mesh', text: 'Gateways leiten füreinander weiter, wo eine Anbindung fehlt.' },
      adr: {
        title: 'Adaptive Datenrate',
        text: 'Geräte senden mit der schnellsten Datenrate, die ihre Verbindung zulässt – das spart Sendezeit und Batterie.',
      },
      rejoin: { title: 'Automatischer Rejoin', text: 'Geräte, die ihre Sitzung verlieren, melden sich selbst wieder an.' },
      rules: { title: 'Regel-Engine und Webhooks', text: 'Dekodierte Uplinks sofort an Ihre Systeme senden, mit Wiederholung, wenn ein Empfänger ausfällt.' },
      dashboards: { title: 'Eigene Dashboards', text: 'Einzelwerte, Zeitreihen und Tabellen auf einem Raster, das Sie selbst anordnen, privat oder geteilt.' },
      forum: { title: 'Community-Forum', text: 'Codecs und Fragen mit anderen Betreibern teilen.' },
      whiteLabel: {
        title: 'White-Label-Option',
        text: 'Ihr Logo und Ihre Farben für jeden Mandanten, damit Wiederverkäufer und Integratoren die Plattform unter eigener Marke anbieten.',
      },
    },
    comingSoon: 'Demnächst',
  },
  pricing: {
    title: 'Preise',
    description:
      'Bezahlen pro Gerät: kostenlos bis 5 Geräte, dann Basic, Pro oder Enterprise, monatlich oder jährlich mit 10 % Rabatt auf Geräte. Gateways ab 149 Euro.',
    heading: 'Sie zahlen pro Gerät, sonst nichts',
    lead: 'Starten Sie kostenlos mit bis zu {freeLimit} Geräten. Ab dem {basicFrom}. Gerät kostet jedes Gerät einen festen Preis pro Monat; der Tarif bestimmt, wie lange Ihre Daten gespeichert werden.',
    billing: 'Abrechnung',
    monthly: 'Monatlich',
    yearly: 'Jährlich',
    yearlyNote: 'Jährliche Abrechnung: {discount} % Rabatt auf alle Gerätegebühren.',
    upgradeCredit: 'Wechseln Sie innerhalb von {creditMonths} Monaten zur jährlichen Abrechnung, werden die bereits gezahlten Monatsbeiträge angerechnet.',
    perDeviceMonth: 'pro Gerät / Monat',
    perDeviceMonthYearly: 'pro Gerät / Monat, jährlich abgerechnet',
    enterpriseTerms: 'Mengenpreise, Ihr Vertrag',
    onRequest: 'Auf Anfrage',
    choose: 'Jetzt starten',
    contact: 'Vertrieb kontaktieren',
    salesEmail: 'sales@loranet.example',
    tiers: {
      free: {
        name: 'Free',
        summary: 'Bis zu {freeLimit} Geräte',
        points: ['Bis zu {freeLimit} Geräte', '1 Monat Speicherung', 'Unbegrenzt viele Gateways', 'Webhooks'],
      },
      basic: {
        name: 'Basic',
        summary: 'Ab {basicFrom} Geräten',
        points: [
          'Ab {basicFrom} Geräten',
          '1 Monat Speicherung',
          '{freeTokens} kostenlose Tokens pro Gerät und Monat',
          'Standard-Support: {standardHours}, Reaktion in {standardReaction}',
        ],
      },
      pro: {
        name: 'Pro',
        summary: 'Ein Jahr Verlauf',
        points: ['Alles aus Basic', '1 Jahr Speicherung', 'Premium: unbegrenzte Speicherung für {premiumPrice} pro Gerät / Monat'],
      },
      enterprise: {
        name: 'Enterprise',
        summary: 'Für Betreiber und Wiederverkäufer',
        points: [
          'Unbegrenzte Speicherung (Premium)',
          'Premium-Support: {premiumHours}, Reaktion in {premiumReaction}',
          'White-Label-Option für Ihre Mandanten',
        ],
      },
    },
    details: {
      tokens: {
        title: 'API-Tokens',
        points: [
          '1 Anfrage = {perRequest} Token',
          '1 Woche Datenabruf = {perWeek} Token',
          '{freeTokens} kostenlose Tokens pro Gerät und Monat',
          '{blockPrice} Euro pro {block} Tokens über dem Freikontingent',
        ],
      },
      gateways: {
        title: 'Gateways',
        points: [
          '{withLte} Euro mit LTE, {withoutLte} Euro ohne',
          'Leasing optional: {leaseLte} pro Monat mit LTE, {leaseNoLte} ohne',
          '{channels} LoRa-Kanäle',
          '{trialDays} Tage kostenlos testen: Gateway anfordern und vor dem Kauf am eigenen Standort ausprobieren',
        ],
      },
      support: {
        title: 'Support',
        points: [
          'Standard-Support (Basic und Pro): {standardHours}, Reaktion in {standardReaction}',
          'Premium-Support (Enterprise): {premiumHours}, Reaktion in {premiumReaction}',
        ],
      },
    },
    toCalculator: 'Preis berechnen',
  },
  calculator: {
    title: 'Preisrechner',
    description: 'Berechnen Sie Ihren Monats- oder Jahrespreis aus Geräten, Speicherung, API-Anfragen, Datenabruf und Gateways, einzeln aufgeschlüsselt.',
    heading: 'Was kostet meine Flotte?',
    intro:
      'Jedes Gerät bringt {freeTokens} kostenlose Tokens pro Monat mit. 1 Anfrage = {perRequest} Token, 1 Woche Datenabruf = {perWeek} Token; über dem Freikontingent {blockPrice} Euro pro {block} Tokens.',
    hint: 'Zahl eingeben und mit Enter übernehmen; Escape stellt den zuletzt übernommenen Wert wieder her.',
    pending: 'Noch nicht übernommen: Enter übernimmt, Escape stellt wieder her.',
    fields: {
      devices: 'Geräte',
      apiRequests: 'API-Anfragen pro Monat',
      retrievalWeeks: 'Abgerufene Datenwochen pro Monat',
      gatewaysWithLte: 'Gateways mit LTE',
      gatewaysWithoutLte: 'Gateways ohne LTE',
    },
    storage: 'Speichertarif',
    storagePlans: { month: '1 Monat (Free / Basic)', year: '1 Jahr (Pro)', unlimited: 'Unbegrenzt (Premium)' },
    acquisition: 'Gateways',
    acquisitions: { purchase: 'Kaufen ({withLte} Euro mit LTE, {withoutLte} ohne)', lease: 'Leasen ({leaseLte} / {leaseNoLte} pro Monat)' },
    result: 'Ihr Preis',
    planLabel: 'Tarif:',
    premium: 'Premium',
    item: 'Posten',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    lines: {
      devices: 'Geräte, {tier} (Gerätemonate)',
      yearlyDiscount: 'Jährliche Abrechnung: {discount} % Rabatt auf Geräte',
      tokens: 'API-Tokens über dem Freikontingent (Blöcke zu {block} pro Monat)',
      purchaseLte: 'Gateways mit LTE, gekauft',
      purchaseNoLte: 'Gateways ohne LTE, gekauft',
      leaseLte: 'Gateways mit LTE, geleast (Gateway-Monate)',
      leaseNoLte: 'Gateways ohne LTE, geleast (Gateway-Monate)',
    },
    tokensDetail: '{used} Tokens pro Monat genutzt, {free} frei, {billable} darüber',
    tokensDetailFree: '{used} Tokens pro Monat genutzt, {free} frei; Free lehnt API-Anfragen über dem Kontingent ab, statt sie zu berechnen',
    perMonth: 'pro Monat',
    perYear: 'pro Jahr',
    total: 'Gesamt',
    once: 'Einmalig (Gateway-Kauf)',
    footnote: 'Preise in Euro, zzgl. USt. Jedes Gateway hat {channels} LoRa-Kanäle und kann {trialDays} Tage kostenlos getestet werden.',
  },
  legal: {
    imprint: {
      title: 'Impressum',
      description: 'Anbieterkennzeichnung nach § 5 DDG.',
      body: ['Angaben gemäß § 5 DDG.'],
      fields: { company: 'Anbieter', address: 'Anschrift', register: 'Handelsregister', contact: 'Kontakt' },
      missing:
        'Impressum nicht eingerichtet. Der Betreiber dieser Website muss IMPRINT_COMPANY, IMPRINT_ADDRESS und IMPRINT_REGISTER setzen, bevor sie live geht.',
    },
    privacy: {
      title: 'Datenschutzerklärung',
      description: 'Wie wir personenbezogene Daten nach der DSGVO verarbeiten.',
      body: [
        'Wir verarbeiten die personenbezogenen Daten von Kontoinhabern (Name, E-Mail-Adresse) zur Erbringung des Dienstes, auf Grundlage von Art. 6 Abs. 1 lit. b DSGVO.',
        'Gerätedaten verarbeiten wir im Auftrag unserer Kunden auf Grundlage eines Auftragsverarbeitungsvertrags (Art. 28 DSGVO) und speichern sie in Deutschland.',
        'Auskunft, Berichtigung und Löschung können Sie jederzeit verlangen: privacy@loranet.example',
      ],
    },
    tos: {
      title: 'Allgemeine Geschäftsbedingungen',
      description: 'Die Bedingungen, zu denen wir die Plattform bereitstellen.',
      body: [
        'Die Plattform wird pro Gerät wie auf der Preisseite beschrieben bereitgestellt; Preise zzgl. USt.',
        'Monatliche Tarife sind zum Monatsende kündbar, jährliche zum Ende des Jahres.',
        'Daten werden für die Speicherdauer des gewählten Tarifs aufbewahrt und danach gelöscht.',
      ],
    },
  },
  notFound: { title: 'Seite nicht gefunden', text: 'Diese Seite gibt es nicht.', home: 'Zur Startseite' },
} satisfies MarketingMessages;
