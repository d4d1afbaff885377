import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

const CITIES = ["Amsterdam", "Utrecht", "Gent", "Leiden", "Delft", "Breda"];

/** 24 cards, as a search page lists them, from data made in the loader: no database, no i18n. */
export function loader() {
  return {
    cards: Array.from({ length: 24 }, (_, index) => ({ id: index + 1, name: `Member ${index + 1}`, age: 20 + ((index * 7) % 40), city: CITIES[index % CITIES.length]! })),
  };
}

export const meta: MetaFunction = () => [{ title: "Members" }];

export default function Index() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Members</h1>
      <ul>
        {cards.map((card) => (
          <li key={card.id}>
            <a href={`/members/${card.id}`}>
              <img src={`/photos/${card.id}.webp`} alt="" width={240} height={240} loading="lazy" />
              <p>
                {card.name}, {card.age}
              </p>
              <p>{card.city}</p>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
