import { describe, expect, it } from "vitest";
import { speaksOfDistress } from "./care-words";

describe("speaksOfDistress", () => {
  it.each([
    "Ik voel me zo eenzaam sinds mijn vrouw weg is",
    "Ik heb schulden, maar jij maakt het goed",
    "I'm so lonely tonight",
    "I'm broke but I'll buy more credits for you",
    "Ich bin so einsam",
    "Je suis endettée jusqu'au cou",
    "Me siento en soledad",
    "Sono disperata",
    "Jeg er så ensom",
    "Jag är deprimerad",
    "Olen yksinäinen",
    "Jestem taka samotna",
  ])("hears distress in %j", (text) => {
    expect(speaksOfDistress(text)).toBe(true);
  });

  it.each(["Ik ben alleen thuis vanavond", "Broken glass everywhere haha", "Tot morgen!", "Je suis seul ce soir, on discute ?"])("not in %j", (text) => {
    expect(speaksOfDistress(text)).toBe(false);
  });
});
