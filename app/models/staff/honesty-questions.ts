import { holdsPhrase, plainWords } from "~/utils/plain-words";

/*
 * A member asking whether the profile they write to is real (docs/product/staff.md#honest-answers):
 * such a message is flagged in the operator inbox, and the operator must send the brand's honest
 * answer. Phrases of the eleven languages, matched as whole words on text without accents.
 */

const PHRASES = [
  // nl
  "ben je echt", "ben jij echt", "ben je wel echt", "ben je een echt", "echt persoon", "echte persoon", "echt mens", "nep", "neppe", "nepprofiel", "medewerker", "betaalde kracht", "ben je een robot",
  // en
  "are you real", "r u real", "are u real", "you real", "real person", "real human", "fake", "fake profile", "operator", "moderator", "bot", "chatbot", "paid to chat", "are you a robot",
  // de
  "bist du echt", "bist du real", "bist du wirklich", "echte person", "echter mensch", "gefalscht", "betreiber", "animateur", "moderatorin", "bist du ein bot",
  // fr
  "es tu reel", "es tu reelle", "tu es reel", "tu es reelle", "t es reel", "t es reelle", "es tu vraie", "es tu vrai", "faux profil", "operateur", "operatrice", "moderateur", "robot", "vraie personne",
  // es
  "eres real", "eres de verdad", "perfil falso", "operador", "operadora", "moderador", "persona real",
  // it
  "sei reale", "sei vera", "sei vero", "profilo falso", "operatore", "operatrice", "moderatore", "persona vera",
  // da, nb, sv
  "er du aegte", "er du ægte", "er du rigtig", "er du ekte", "er du virkelig", "falsk profil", "operatør", "ar du akta", "är du äkta", "ar du pa riktigt", "är du på riktigt", "operatör",
  // fi
  "oletko oikea", "oletko aito", "oletko tosi", "feikki", "operaattori", "moderaattori", "botti",
  // pl
  "jestes prawdziwa", "jestes prawdziwy", "jesteś prawdziwa", "jesteś prawdziwy", "falszywy profil", "fałszywy profil", "moderatorem", "operatorem",
];

const PLAIN_PHRASES = [...new Set(PHRASES.map((phrase) => plainWords(phrase)))];

/** Whether a member's message asks if the profile is real, a bot or an operator. */
export function asksIfReal(text: string): boolean {
  return holdsPhrase(text, PLAIN_PHRASES);
}
