import { useEffect } from "react";
import type { PageConsent } from "~/models/consent/pages/consent.server";
import { useHydrated } from "~/utils/use-hydrated";
import { useNonce } from "~/utils/nonce";

/** The tags this page has run, by id: a script runs once per page load, however often React renders. */
const started = new Set<string>();

/**
 * The brand's third-party tags the visitor allowed (docs/product/site.md#consent-and-tags), each a
 * script carrying the page's CSP nonce. The server writes them into the page, so they also load
 * on pages without JavaScript (the landers); after a choice made in the page, they are added here.
 * Scripts React itself inserts never run, hence the DOM calls. A tag allowed before and withdrawn
 * now cannot be unloaded: the page loads afresh without it.
 */
export function ConsentedTags({ tags }: { tags: PageConsent["tags"] }) {
  const hydrated = useHydrated();
  const nonce = useNonce();
  useEffect(() => {
    for (const script of document.querySelectorAll<HTMLScriptElement>("script[data-consent-tag]")) started.add(script.dataset.consentTag!);
    const allowed = new Set(tags.map((tag) => tag.id));
    if ([...started].some((id) => !allowed.has(id))) {
      window.location.reload();
      return;
    }
    // Browsers hide a nonce attribute from the page but keep it on the element: Remix's scripts carry it.
    const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    for (const tag of tags) {
      if (started.has(tag.id)) continue;
      const script = document.createElement("script");
      script.src = tag.src;
      script.async = true;
      script.nonce = pageNonce;
      script.dataset.consentTag = tag.id;
      for (const [name, value] of Object.entries(tag.data)) script.setAttribute(`data-${name}`, value);
      document.body.append(script);
      started.add(tag.id);
    }
  }, [tags]);
  if (hydrated) return null;
  return (
    <>
      {tags.map((tag) => (
        <script key={tag.id} src={tag.src} async nonce={nonce} data-consent-tag={tag.id} {...Object.fromEntries(Object.entries(tag.data).map(([name, value]) => [`data-${name}`, value]))} />
      ))}
    </>
  );
}
