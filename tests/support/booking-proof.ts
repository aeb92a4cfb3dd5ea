/**
 * Every new booking carries a solved proof-of-work challenge (ADR 0055). The suites' ways of posting
 * a booking (booking-fixtures `post`, business-fixtures `call`, the HTTP helpers of the browser and
 * process suites) add one here, solved as an integrator would: GET /api/booking-challenge, find the
 * number, send it as `proof`. A body that already has a `proof` (or says `proof: undefined` on
 * purpose) is sent as it is.
 */
import { createHash } from "node:crypto";
import { encodeProof, solveProofChallenge, type ProofChallenge } from "../../src/core/booking/proof-of-work.ts";

/**
 * Node's own SHA-256: a default challenge's worst case in ~90 ms here against ~240 ms with Web
 * Crypto, whose every digest is a round trip to the thread pool. The suites solve hundreds.
 */
const nodeSha256 = (data: Uint8Array) => Promise.resolve(createHash("sha256").update(data).digest());

/**
 * The difficulty of the suites' in-process apps: a few milliseconds a booking. A suite books many
 * times from one client, which raises its challenges: raised, they stay easy too. The defaults are
 * tested in booking-proof.test.ts.
 */
export const TEST_BOOKING_PROOF = { maxNumber: 2_000, raisedMaxNumber: 4_000 };

/** The booking's `proof` for the challenge answered by `challengeResponse`. */
export async function solvedProof(challengeResponse: Response | Promise<Response>): Promise<string> {
  const response = await challengeResponse;
  if (response.status !== 200)
    throw new Error(`GET /api/booking-challenge answered ${response.status}: ${await response.text()}`);
  const challenge = (await response.json()) as ProofChallenge;
  const number = await solveProofChallenge(challenge, { digest: nodeSha256 });
  if (number === null) throw new Error("the booking challenge has no solution");
  return encodeProof(challenge, number);
}

const needsProof = (body: unknown): body is Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body) && !("proof" in body);

/** `body` with a proof from `request` (an app's `request`, or `fetch` on a server's URL). */
export async function withBookingProof<T>(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
  body: T,
  headers: Record<string, string> = {},
): Promise<T & { proof?: string }> {
  if (!needsProof(body)) return body as T & { proof?: string };
  return { ...body, proof: await solvedProof(request("/api/booking-challenge", { headers })) };
}

export const isBookingPost = (method: string, path: string) =>
  method === "POST" && path.split("?")[0] === "/api/bookings";
