import { Children, type ReactNode } from "react";

/** The area under the top navigation where account alerts appear. */
export function WarningBanners({ children }: { children?: ReactNode }) {
  if (Children.toArray(children).length === 0) return null;
  return (
    <div className="mx-auto max-w-6xl space-y-2 px-4 pt-2 md:pt-4" role="region" data-testid="warning-banners">
      {children}
    </div>
  );
}
