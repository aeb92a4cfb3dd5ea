import type { BusinessRef, PublicPagesPort } from "../app/pages/public-pages.ts";
import type { WidgetBookingPort } from "../app/bookings/widget-booking-port.ts";
import type { LocaleCode } from "../i18n/locales.ts";
import type { FormDirectory } from "../app/forms/ports.ts";

/** What the server gives every loader: the ports it may use and facts about the request. */
export interface WebLoadContext {
  pages: PublicPagesPort;
  /** The booking widget's reads (config, first month of slots, a managed booking), in process. */
  booking: WidgetBookingPort;
  locale: LocaleCode;
  /** Forms and surveys (issue 15), and the secret that signs their fill-time tokens. */
  forms: { readonly directory: FormDirectory; readonly secret: string };
  /** The business this request belongs to (by host name), resolved once per request. */
  business(): Promise<BusinessRef | null>;
  now(): Date;
  /** This request's Content-Security-Policy nonce: every server-rendered script carries it. */
  cspNonce?: string;
  /**
   * Who may frame this widget page: a page that belongs to a business other than the host's (a
   * calendar by id) names that business's allowed origins. Otherwise the host's business decides.
   */
  allowFramingBy(origins: readonly string[]): void;
  /** A framed widget's look kept from its first address (`theme`, `brand`), when this one has none. */
  embedLook?: URLSearchParams | null;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
