import { holdsPhrase, plainWords } from "~/utils/plain-words";

/*
 * Words about loneliness, debt or despair in a member's message, in the eleven languages
 * (docs/product/staff.md#vulnerable-members): one of the signals that a member may be vulnerable.
 * Only words that rarely mean anything else ("alleen", "seul", "solo" are left out).
 */
const PHRASES = [
  // nl
  "eenzaam", "eenzaamheid", "schulden", "rood staan", "geen geld", "wanhopig", "depressief", "zelfmoord", "dood willen", "niet meer leven", "bijstand",
  // en
  "lonely", "loneliness", "in debt", "debts", "no money", "broke", "desperate", "depressed", "suicide", "kill myself", "want to die",
  // de
  "einsam", "einsamkeit", "schulden", "kein geld", "pleite", "verzweifelt", "depressiv", "selbstmord", "nicht mehr leben",
  // fr
  "solitude", "dettes", "endette", "endettee", "pas d argent", "fauche", "desespere", "desesperee", "deprime", "deprimee", "suicide",
  // es
  "soledad", "deudas", "sin dinero", "desesperado", "desesperada", "deprimido", "deprimida", "suicidio", "quiero morir",
  // it
  "solitudine", "debiti", "senza soldi", "disperato", "disperata", "depresso", "depressa", "suicidio", "voglio morire",
  // da, nb, sv
  "ensom", "ensomhed", "ensomhet", "gaeld", "gjeld", "ingen penge", "ingen penger", "desperat", "deprimeret", "deprimert", "selvmord",
  "ensam", "ensamhet", "skulder", "inga pengar", "deprimerad", "sjalvmord",
  // fi
  "yksinainen", "yksinaisyys", "velkaa", "velat", "ei rahaa", "epatoivoinen", "masentunut", "itsemurha",
  // pl
  "samotny", "samotna", "samotnosc", "dlugi mam", "zadluzony", "zadluzona", "nie mam pieniedzy", "zrozpaczony", "zrozpaczona", "depresja", "samobojstwo",
].map(plainWords);

/** Whether a message speaks of loneliness, debt or despair. */
export function speaksOfDistress(text: string): boolean {
  return holdsPhrase(text, PHRASES);
}
