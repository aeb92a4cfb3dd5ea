import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import type { OneTimeLinkView } from "../../../app/business/ports.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { languageTag } from "../../../i18n/locales.ts";
import { callApi } from "./console-api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { CopyButton } from "./copy-button.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { useSubmission } from "./use-submission.ts";

/** How long a new link stays valid: a span of elapsed time from now, not calendar days. */
const LIFETIMES_HOURS = [0, 24, 7 * 24, 30 * 24] as const;
const HOUR_MS = 3_600_000;

interface Props {
  readonly locale: LocaleCode;
  readonly timeZone: string;
  readonly calendarId: string;
  readonly links: readonly OneTimeLinkView[];
  readonly onChanged: () => Promise<void>;
}

/**
 * A calendar's one-time links (each books once): create one to send a single visitor, copy it, see
 * which were used or have expired, and revoke one that should no longer work. A link's address is
 * shown only right after it is made: the server keeps only its hash (ADR 0053).
 */
export function OneTimeLinks({ locale, timeZone, calendarId, links, onChanged }: Props) {
  const { i18n } = useLingui();
  const [lifetime, setLifetime] = useState<number>(0);
  const { busy, problem, alertRef, run: send } = useSubmission();
  const [revoking, setRevoking] = useState<OneTimeLinkView | null>(null);
  const [created, setCreated] = useState<{ readonly id: string; readonly url: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.oneTimeLinks.${key}`, values);
  const when = useMemo(
    () => new Intl.DateTimeFormat(languageTag(locale), { timeZone, dateStyle: "medium", timeStyle: "short" }),
    [locale, timeZone],
  );

  async function run(action: () => Promise<unknown>, done: string) {
    const wentThrough = await send(async () => {
      await action();
      await onChanged();
    });
    if (wentThrough) setAnnouncement(done);
  }

  const create = () =>
    run(async () => {
      const link = await callApi<{ id: string; url: string }>(locale, "POST", "/business/one-time-links", {
        calendarId,
        expiresAt: lifetime ? new Date(Date.now() + lifetime * HOUR_MS).toISOString() : null,
      });
      setCreated({ id: link.id, url: link.url });
    }, t("createdStatus"));

  const revoke = (link: OneTimeLinkView) =>
    run(async () => {
      await callApi(locale, "DELETE", `/business/one-time-links/${link.id}`);
      if (link.id === created?.id) setCreated(null);
    }, t("revokedStatus"));

  return (
    <section className="console-panel" aria-labelledby="one-time-links-title">
      <h2 id="one-time-links-title">{t("title")}</h2>
      <p className="console-muted">{t("hint")}</p>
      <div className="console-inline-form">
        <label className="console-field">
          <span>{t("lifetime")}</span>
          <select name="lifetime" value={lifetime} onChange={(e) => setLifetime(Number(e.target.value))}>
            {LIFETIMES_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {hours === 0 ? t("lifetime.never") : t("lifetime.days", { count: hours / 24 })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="console-button" onClick={() => void create()} disabled={busy}>
          {t("create")}
        </button>
      </div>
      <ProblemAlert ref={alertRef} problem={problem} />
      {created ? (
        <div className="console-notice console-notice--success console-otl-new">
          <p>
            <strong>{t("newTitle")}</strong> {t("newHint")}
          </p>
          <p className="console-link-line">
            <a href={created.url}>{created.url}</a>
          </p>
          <CopyButton text={created.url} label={t("copyLabel")} />
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {links.length === 0 ? (
        <p className="console-muted">{t("none")}</p>
      ) : (
        <ul className="console-list console-links">
          {links.map((link) => (
            <li key={link.id} className={`console-otl console-otl--${link.state}`}>
              <p className="console-link-line">{t("madeAt", { when: when.format(new Date(link.createdAt)) })}</p>
              <p className="console-muted">
                <span className={`console-state console-state--${link.state === "active" ? "on" : "off"}`}>
                  {t(`state.${link.state}`)}
                </span>{" "}
                {link.state === "used" && link.usedAt
                  ? t("usedAt", { when: when.format(new Date(link.usedAt)) })
                  : link.state === "revoked" && link.revokedAt
                    ? t("revokedAt", { when: when.format(new Date(link.revokedAt)) })
                    : link.expiresAt
                      ? t(link.state === "expired" ? "expiredAt" : "expiresAt", {
                          when: when.format(new Date(link.expiresAt)),
                        })
                      : t("noExpiry")}
              </p>
              {link.state === "active" ? (
                <div className="console-otl__actions">
                  <button
                    type="button"
                    className="console-button console-button--quiet"
                    onClick={() => setRevoking(link)}
                    disabled={busy}
                  >
                    {t("revoke")}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        title={revoking ? t("revokeTitle") : null}
        body={t("revokeBody")}
        confirmLabel={t("revoke")}
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
