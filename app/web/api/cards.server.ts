import type { z } from "zod";
import type { MemberCard } from "~/models/members/member-cards.server";
import type { ProfileCardSchema } from "./schemas.server";

/** A member card (as cardsAsShown gives it for the brand) in the API's wire format. */
export function profileCard(card: MemberCard): z.input<typeof ProfileCardSchema> {
  return {
    id: card.id,
    name: card.name,
    age: card.age,
    city: card.city,
    // Cards carry only approved photos (approvedMainPhoto).
    main_image: card.photoUrl ? { thumb_url: card.photoUrl, status: "active" } : null,
    online: card.onlineRecently,
    fictional: card.isFictional,
  };
}
