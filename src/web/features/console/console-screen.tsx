import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { consolePath } from "./console-session.ts";

interface Props {
  /** The heading's id; the screen's section is named by it. */
  id: string;
  title: string;
  locale: LocaleCode;
  /** A link up to the list this screen belongs to. */
  back?: { readonly to: string; readonly label: string } | undefined;
  /** Beside the title: the screen's main actions. */
  actions?: ReactNode;
  /** Under the title: what the screen is for, or a count. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a console screen: an optional link back, the one h1 with the screen's actions beside
 * it, and an intro. The document's title comes from the route's `consoleMeta`.
 */
export function ConsoleScreen({ id, title, locale, back, actions, intro, children }: Props) {
  return (
    <section aria-labelledby={id} className="console-screen">
      {back ? (
        <p className="console-back">
          <Link to={consolePath(back.to, locale)}>{back.label}</Link>
        </p>
      ) : null}
      <div className="console-screen__head">
        <h1 id={id}>{title}</h1>
        {actions}
      </div>
      {intro ? <p className="console-muted console-intro">{intro}</p> : null}
      {children}
    </section>
  );
}
