import { useTranslation } from "react-i18next";

/** Wide screens: the place of the conversation until one is chosen. */
export default function ChooseConversation() {
  const { t } = useTranslation("chat");
  return <p className="m-auto p-6 text-gray-600">{t("choose")}</p>;
}
