import { AppLink } from "~/components/ui/AppLink";
import type { PublicBrand } from "~/tenancy/public-brand";

export function BrandLogo({ brand, inverted = false }: { brand: PublicBrand; inverted?: boolean }) {
  return (
    <AppLink to="/" className={`flex items-center gap-2 text-xl font-extrabold tracking-tight no-underline ${inverted ? "text-white" : "text-primary"}`}>
      <span aria-hidden="true" className="text-2xl leading-none">
        {brand.theme.logo_mark}
      </span>
      <span data-testid="brand-name">{brand.name}</span>
    </AppLink>
  );
}
