/**
 * How the console talks to the server: the business API and the console's sign-in API, with the
 * session cookie (sent by the browser), the CSRF token of the session on every change, and the
 * page's language so problem details come back localised. A refusal becomes an `ApiProblem` the
 * screens show next to the field or the action it is about.
 */
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";

export interface ConsoleSession {
  readonly user: {
    readonly id: string;
    readonly name: string;
    readonly email: string;
    readonly role: "owner" | "staff";
    readonly staffId: string | null;
    readonly locale: string;
  };
  readonly business: {
    readonly id: string;
    readonly name: string;
    readonly slug: string;
    readonly timeZone: string;
    readonly currency: string;
    readonly locale: string;
  };
  readonly csrfToken: string;
}

export interface FieldProblem {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

export class ApiProblem extends Error {
  override name = "ApiProblem";
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: readonly FieldProblem[] = [],
  ) {
    super(detail || code);
  }
}

let csrfToken = "";

/** Whether this tab has had a session: a 401 then means it ended (signed out elsewhere, idle, revoked). */
export const hadSession = (): boolean => csrfToken !== "";

/** Where the console sends someone whose session ended mid-task (set by console-session.ts). */
let onSessionEnded: (() => void) | null = null;
export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

/** Kept in memory only: the token is useless without the HttpOnly cookie, and gone with the tab. */
export function rememberSession(session: ConsoleSession | null): void {
  csrfToken = session?.csrfToken ?? "";
}

/** The calls that need a session (not signing in): a 401 there means the session has ended. */
const SESSION_PATHS = /^\/(?:business\/|console\/(?:team|account)\b)/;

/** Calls `/api${path}`; resolves with the JSON answer (undefined for 204), rejects with an ApiProblem. */
export async function callApi<T>(locale: LocaleCode, method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "accept-language": languageTag(locale),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { "x-csrf-token": csrfToken }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiProblem(0, "NETWORK", "");
  }
  if (response.status === 204 || response.status === 202) return undefined as T;
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 401 && SESSION_PATHS.test(path) && onSessionEnded) onSessionEnded();
  if (!response.ok) throw problemOf(response.status, answer);
  return answer as T;
}

/** A refusal's problem document as the screens show it. */
const problemOf = (status: number, answer: Record<string, unknown> | null) =>
  new ApiProblem(
    status,
    typeof answer?.code === "string" ? answer.code : "INTERNAL",
    typeof answer?.detail === "string" ? answer.detail : "",
    Array.isArray(answer?.errors) ? (answer.errors as FieldProblem[]) : [],
  );

/**
 * Sends a file as the request body to `/api${path}`, as `callApi` sends JSON; `onProgress` hears the
 * share sent (0 to 1). XMLHttpRequest rather than fetch: only it reports an upload's progress.
 */
export function uploadFile<T>(
  locale: LocaleCode,
  path: string,
  file: Blob,
  onProgress: (share: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api${path}`);
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("accept-language", languageTag(locale));
    // The server reads the type from the bytes, not from what the file's name claims.
    request.setRequestHeader("content-type", "application/octet-stream");
    request.setRequestHeader("x-csrf-token", csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiProblem(0, "NETWORK", ""));
    request.onload = () => {
      let answer: Record<string, unknown> | null = null;
      try {
        answer = JSON.parse(request.responseText) as Record<string, unknown>;
      } catch {
        answer = null;
      }
      if (request.status === 401 && onSessionEnded) onSessionEnded();
      if (request.status >= 200 && request.status < 300) resolve(answer as T);
      else reject(problemOf(request.status, answer));
    };
    request.send(file);
  });
}

/** The message of a field from a refusal, if it names that field. */
export const fieldProblem = (problem: unknown, path: string): string | undefined =>
  problem instanceof ApiProblem ? problem.errors.find((e) => e.path === path)?.message : undefined;
