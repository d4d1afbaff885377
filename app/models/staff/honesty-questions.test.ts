import { describe, expect, it } from "vitest";
import { asksIfReal } from "./honesty-questions";

describe("asksIfReal", () => {
  it.each([
    ["nl", "Ben je echt?"],
    ["nl", "ben jij wel echt of nep"],
    ["nl", "Is dit een nepprofiel?"],
    ["nl", "Ben ik met een medewerker aan het praten?"],
    ["en", "Are you real??"],
    ["en", "r u real lol"],
    ["en", "is this a bot"],
    ["en", "Are you an operator?"],
    ["de", "Bist du echt?"],
    ["de", "Bist du ein Bot?"],
    ["fr", "Es-tu réelle ?"],
    ["fr", "c'est un faux profil ?"],
    ["es", "¿Eres real?"],
    ["it", "Sei vera?"],
    ["da", "Er du ægte?"],
    ["nb", "Er du ekte?"],
    ["sv", "Är du äkta?"],
    ["fi", "Oletko oikea ihminen?"],
    ["pl", "Jesteś prawdziwa?"],
    ["pl", "To fałszywy profil?"],
  ])("flags a %s question: %j", (_language, text) => {
    expect(asksIfReal(text)).toBe(true);
  });

  it.each(["Hoe was je dag?", "Ik ben echt moe vandaag", "My nephew visits", "Wie geht's dir?", "Je suis à Paris", "Ik hou van bottles... nee, flessen", "Ich arbeite als Botaniker"])(
    "leaves %j alone",
    (text) => {
      expect(asksIfReal(text)).toBe(false);
    },
  );
});
