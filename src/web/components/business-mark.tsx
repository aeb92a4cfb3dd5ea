import { useRouteLoaderData } from "react-router";
import type { LogoImage } from "../../core/shared/branding.ts";

/** The business a page belongs to, as the root loader read it (ADR 0049); null: no business. */
export interface PageBrand {
  readonly name: string;
  readonly logo: LogoImage | null;
  /**
   * The `lang` of the business's own texts on this page (src/i18n/locales.ts textLang): its language
   * where that is not the page's, else absent (ADR 0061).
   */
  readonly lang?: string;
}

export const usePageBrand = (): PageBrand | null =>
  useRouteLoaderData<{ brand?: PageBrand | null }>("root")?.brand ?? null;

/**
 * The business's logo and name. The logo's text alternative is empty: the name beside it says
 * what it says (WCAG H2), and a screen reader would otherwise read the name twice.
 */
export function BusinessMark({ brand }: { brand: PageBrand }) {
  return (
    <>
      {brand.logo ? (
        <img
          className="business-mark__logo"
          src={brand.logo.src}
          width={brand.logo.width}
          height={brand.logo.height}
          alt=""
        />
      ) : null}
      <span>{brand.name}</span>
    </>
  );
}
