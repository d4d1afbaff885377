import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { MatchCard } from "~/models/likes/pages/like-actions.server";
import { MatchModal } from "./MatchModal";

/** A match made while the member was away (the other liked back): shown once, then marked seen. */
export function PendingMatch({ match }: { match: MatchCard }) {
  const seen = useFetcher();
  const [closed, setClosed] = useState<number | null>(null);
  if (closed === match.id) return null;
  return (
    <MatchModal
      match={match}
      onClose={() => {
        setClosed(match.id);
        seen.submit({ member: String(match.id) }, { method: "post", action: "/api/likes/match-seen" });
      }}
    />
  );
}
