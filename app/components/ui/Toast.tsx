import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const TONES = { success: "bg-success", danger: "bg-danger", info: "bg-info" } as const;

/** A one-time message from the server (flash), hidden after a few seconds or on click. */
export function Toast({ flash }: { flash: { tone: keyof typeof TONES; key: string } }) {
  const { t } = useTranslation("account");
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), 6000);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div className="fixed bottom-4 right-4 z-40 w-[calc(100%-2rem)] max-w-toast" role="status" data-testid="toast">
      <button type="button" onClick={() => setOpen(false)} className={`w-full rounded-xl px-4 py-3 text-left text-sm font-medium text-white shadow-lg ${TONES[flash.tone]}`}>
        {t(flash.key)}
      </button>
    </div>
  );
}
