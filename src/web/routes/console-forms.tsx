import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import type { ListedForm } from "../../app/forms/ports.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { callApi } from "../features/console/console-api.ts";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, consolePath, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import type { Route } from "./+types/console-forms";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale } = entered;
  const forms = await callApi<ListedForm[]>(locale, "GET", "/business/forms");
  return { allowed: true as const, locale, forms };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.forms.title");

/**
 * The business's forms and surveys (owner only): what each is, how many visitors answered it, its
 * public page, and the way to its submissions. Their questions are set up through the API (issue 15).
 */
export default function ConsoleForms({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <FormsScreen loaderData={loaderData} />;
}

function FormsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, forms } = loaderData;
  const t = useScreenMessages("console.forms");
  return (
    <ConsoleScreen id="forms-title" title={t("title")} locale={locale} intro={t("intro")}>
      {forms.length === 0 ? (
        <p className="console-empty">{t("none")}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table console-forms">
            <thead>
              <tr>
                <th scope="col">{t("name")}</th>
                <th scope="col">{t("kind")}</th>
                <th scope="col">{t("submissions")}</th>
                <th scope="col">{t("publicPage")}</th>
              </tr>
            </thead>
            <tbody>
              {forms.map((form) => (
                <tr key={form.id}>
                  <td data-label={t("name")} className="console-forms__name">
                    <Link to={consolePath(`/console/forms/${encodeURIComponent(form.id)}`, locale)}>{form.name}</Link>
                  </td>
                  <td data-label={t("kind")}>{t(form.kind === "form" ? "kindForm" : "kindSurvey")}</td>
                  <td data-label={t("submissions")}>{i18n.number(form.submissionCount)}</td>
                  <td data-label={t("publicPage")}>
                    {/* The visitor's page, in the owner's language. */}
                    <a href={consolePath(`/widget/${form.kind}/${form.id}`, locale)}>
                      {t("open")}
                      <span className="visually-hidden"> {form.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ConsoleScreen>
  );
}
