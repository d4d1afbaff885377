/**
 * Where a member can talk to someone, free and anonymous, per country (shown on /care,
 * docs/product/staff.md#vulnerable-members). Befrienders Worldwide lists lines everywhere else.
 */
/** Keyed by ISO country code, as a brand lists its countries. */
export const HELP_LINES: Record<string, Array<{ name: string; url: string }> | undefined> = {
  NL: [
    { name: "113 Zelfmoordpreventie", url: "https://www.113.nl" },
    { name: "De Luisterlijn", url: "https://www.deluisterlijn.nl" },
    { name: "Geldfit", url: "https://www.geldfit.nl" },
  ],
  BE: [{ name: "Tele-Onthaal", url: "https://www.tele-onthaal.be" }],
  DE: [{ name: "TelefonSeelsorge", url: "https://www.telefonseelsorge.de" }],
  AT: [{ name: "TelefonSeelsorge Österreich", url: "https://www.telefonseelsorge.at" }],
  CH: [{ name: "Die Dargebotene Hand", url: "https://www.143.ch" }],
  FR: [{ name: "SOS Amitié", url: "https://www.sos-amitie.com" }],
  ES: [{ name: "Teléfono de la Esperanza", url: "https://telefonodelaesperanza.org" }],
  IT: [{ name: "Telefono Amico", url: "https://www.telefonoamico.it" }],
  DK: [{ name: "Livslinien", url: "https://www.livslinien.dk" }],
  NO: [{ name: "Kirkens SOS", url: "https://www.kirkens-sos.no" }],
  SE: [{ name: "Mind Självmordslinjen", url: "https://mind.se" }],
  FI: [{ name: "MIELI Kriisipuhelin", url: "https://mieli.fi" }],
  PL: [{ name: "Telefon Zaufania 116 123", url: "https://116123.pl" }],
};

export const HELP_LINES_ELSEWHERE = { name: "Befrienders Worldwide", url: "https://befrienders.org" };
