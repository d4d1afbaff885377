import { Form } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert, inputClass } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";

/** What writing first answers. */
export interface FirstMessageAnswer {
  member: number;
  error: string | null;
  body?: string;
  conversationId?: number;
}

interface Candidate {
  memberId: number;
  name: string;
  siteId: string;
  language: string;
  joinedAt: string;
  profiles: Array<{ id: number; name: string }>;
}

/** New members an operator may write to first (docs/product/staff.md#first-messages), each with a short form. */
export function FirstMessages({ candidates, answer }: { candidates: Candidate[]; answer: FirstMessageAnswer | undefined }) {
  const { t } = useTranslation("staff");
  return (
    <section className="mt-8" aria-labelledby="first-messages">
      <h2 id="first-messages" className="text-xl font-semibold">
        {t("first.title")}
      </h2>
      <p className="text-sm text-gray-700">{t("first.intro")}</p>
      {answer?.conversationId ? (
        <Alert tone="success">
          <AppLink to={`/staff/inbox/${answer.conversationId}`} className="underline">
            {t("first.sent")}
          </AppLink>
        </Alert>
      ) : null}
      {candidates.length === 0 ? <p className="mt-2 text-gray-700">{t("first.none")}</p> : null}
      <ul className="mt-3 space-y-3" data-testid="first-messages">
        {candidates.map((candidate) => (
          <li key={candidate.memberId} className="rounded-lg bg-white p-4 shadow-sm">
            <p className="font-medium">
              {candidate.name} · {candidate.siteId} · {candidate.language} · {t("first.joined", { date: candidate.joinedAt.slice(0, 10) })}
            </p>
            {answer?.error && answer.member === candidate.memberId ? <Alert tone="danger">{t(answer.error)}</Alert> : null}
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="member" value={candidate.memberId} />
              <label className="text-sm">
                {t("first.as")}
                <select name="profile" className={inputClass} required>
                  {candidate.profiles.map((profile) => (
                    <option key={profile.id} value={profile.id}>
                      {profile.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="min-w-64 flex-1 text-sm">
                {t("first.message")}
                <input name="body" required maxLength={1000} defaultValue={answer?.member === candidate.memberId ? answer.body : undefined} className={inputClass} />
              </label>
              <SubmitButton className="btn-primary">
                {t("reply.send")}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
