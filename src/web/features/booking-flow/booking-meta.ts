/**
 * A booking page's head: its title (the calendar's or menu's name unless the route says more) and
 * the description its loader wrote in the page's language.
 */
export const bookingMeta = (
  data: { readonly config: { readonly name: string }; readonly description: string } | undefined,
  title = data?.config.name ?? "",
) => [{ title }, ...(data ? [{ name: "description", content: data.description }] : [])];
