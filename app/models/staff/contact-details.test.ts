import { describe, expect, it } from "vitest";
import { contactDetailIn } from "./contact-details";

describe("contactDetailIn", () => {
  it.each([
    ["Bel me op 0612345678", "phone"],
    ["06-12345678", "phone"],
    ["06 12 34 56 78", "phone"],
    ["+31 6 1234 5678", "phone"],
    ["0031 (0)6 123 456 78", "phone"],
    ["06.12.34.56.78", "phone"],
    ["0 6 1 2 3 4 5 6 7 8", "phone"],
    ["nul zes een twee drie vier vijf zes zeven acht", "phone"],
    ["mein handy: null eins sieben zwei drei vier fünf sechs sieben", "phone"],
    ["zero six one two three four five six seven", "phone"],
    ["06 twaalf? nee: 0 6 - 1 2 - 3 4 - 5 6", "phone"],
    ["06 l2 34 56 78", "phone"],
    ["0o6 12 34 56 78", "phone"],
    ["lisa@gmail.com", "email"],
    ["lisa93 @ hotmail . nl", "email"],
    ["lisa93 at gmail dot com", "email"],
    ["lisa93 (at) gmail (dot) com", "email"],
    ["lisa93[at]outlook[dot]de", "email"],
    ["lisa93 apenstaartje gmail punt com", "email"],
    ["lisa93 arroba gmail punto es", "email"],
    ["https://example.com/lisa", "url"],
    ["kijk op www.lisa-foto.nl", "url"],
    ["ga naar lisafotos punt nl", "url"],
    ["lisa . com", "url"],
    ["h t t p s : / / lisa.xyz", "url"],
    ["mijn insta: lisa_93", "social"],
    ["snapchat is lisa.93", "social"],
    ["sc: lisa_93", "social"],
    ["voeg me toe op snapchat", "social"],
    ["add me on kik lisaaa", "social"],
    ["schrijf me op whatsapp, dat is makkelijker", "social"],
    ["stuur me een appje", "social"],
    ["volg me @lisa_93", "social"],
    ["telegram = lisa93", "social"],
    ["mein Insta ist lisa.93", "social"],
  ])("finds it in %j (%s)", (text, kind) => {
    expect(contactDetailIn(text)).toBe(kind);
  });

  it.each([
    "Hoi! Hoe was je dag?",
    "Ik ben 35 en 1 meter 80",
    "Ik woon al 12 jaar in Utrecht, sinds 2013",
    "Zin in een drankje om 20.30?",
    "Ik heb een en ander te vertellen",
    "one of the best days of my life",
    "Ich bin seit 3 Jahren allein",
    "je suis à la maison et toi?",
    "Ja, dat vind ik ook. Wat doe je voor werk?",
    "Ik ben dol op koken, vooral Italiaans.",
    "Mijn favoriete nummer is van 1999",
    "Haha, dat is grappig :)",
    "Ik zit in de app net als jij",
  ])("leaves ordinary text alone: %j", (text) => {
    expect(contactDetailIn(text)).toBeNull();
  });
});
