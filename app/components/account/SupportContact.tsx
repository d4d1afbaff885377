/** A lead-in sentence and the brand's support address and (cleaned) phone number as links. */
export function SupportContact({ lead, support }: { lead: string; support: { email: string; phone: string } }) {
  return (
    <p className="mt-3 text-gray-700">
      {lead}{" "}
      <a href={`mailto:${support.email}`} className="text-primary underline">
        {support.email}
      </a>{" "}
      ·{" "}
      <a href={`tel:${support.phone}`} className="text-primary underline">
        {support.phone}
      </a>
    </p>
  );
}
