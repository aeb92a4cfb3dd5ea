/**
 * Proof of work for public bookings (docs/decisions/0055-booking-bot-protection.md): the ALTCHA
 * challenge format (https://altcha.org, its "v1" challenges), so any ALTCHA solver can answer it.
 * The server picks a secret number up to `maxnumber` and publishes SHA-256(salt + number) as
 * `challenge`, signed; the client tries numbers until one hashes to it (half of `maxnumber` hashes on
 * average) and sends the number back with the challenge. Here: the shapes and the solver, which runs
 * in the widget's worker (Web Crypto) and in Node alike; signing and checking are server-side
 * (app/bookings/booking-proof.ts).
 */

/** Why a booking's proof (or its honeypot) was refused: HTTP problem codes (server/http/problem.ts). */
export const BOOKING_PROOF_PROBLEMS = [
  "PROOF_REQUIRED",
  "PROOF_INVALID",
  "PROOF_EXPIRED",
  "PROOF_TOO_EASY",
  "PROOF_USED",
  "BOOKING_NOT_ACCEPTED",
] as const;

/** What GET /api/booking-challenge answers. `salt` carries `expires` (Unix seconds) and `maxnumber`. */
export interface ProofChallenge {
  readonly algorithm: "SHA-256";
  /** Hex SHA-256 of `salt` followed by the secret number in decimal. */
  readonly challenge: string;
  readonly maxnumber: number;
  readonly salt: string;
  /** Hex HMAC-SHA-256 of `challenge` with the server's key. */
  readonly signature: string;
}

/** The challenge with the number found: sent base64-encoded as a booking's `proof`. */
export interface ProofSolution {
  readonly algorithm: string;
  readonly challenge: string;
  readonly number: number;
  readonly salt: string;
  readonly signature: string;
}

/** Digests started at once: Web Crypto answers each in a promise, so a batch shares the waiting. */
const BATCH = 256;

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

function sameBytes(a: ArrayBuffer | Uint8Array, b: Uint8Array): boolean {
  const view = new Uint8Array(a);
  if (view.length !== b.length) return false;
  for (let i = 0; i < view.length; i++) if (view[i] !== b[i]) return false;
  return true;
}

/** SHA-256 of some bytes: Web Crypto's unless a solver is given another (ProofSolveOptions.digest). */
export type Sha256 = (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer | Uint8Array>;

const webCryptoSha256: Sha256 = (data) => crypto.subtle.digest("SHA-256", data);

export interface ProofSolveOptions {
  /** Asked between batches: true stops the search (null). */
  readonly isCancelled?: () => boolean;
  /**
   * The hash to use: Web Crypto by default. A browser offers Web Crypto only in a secure context
   * (HTTPS or localhost); the widget's worker passes a JavaScript SHA-256 where it is missing.
   */
  readonly digest?: Sha256;
}

/**
 * The number whose hash is the challenge, or null when there is none up to `maxnumber` (or
 * `isCancelled` said stop between batches).
 */
export async function solveProofChallenge(
  challenge: Pick<ProofChallenge, "challenge" | "salt" | "maxnumber">,
  { isCancelled = () => false, digest = webCryptoSha256 }: ProofSolveOptions = {},
): Promise<number | null> {
  const target = hexBytes(challenge.challenge);
  const encoder = new TextEncoder();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    if (isCancelled()) return null;
    const end = Math.min(start + BATCH, challenge.maxnumber + 1);
    const digests = await Promise.all(
      Array.from({ length: end - start }, (_, i) => digest(encoder.encode(challenge.salt + (start + i)))),
    );
    const found = digests.findIndex((d) => sameBytes(d, target));
    if (found >= 0) return start + found;
  }
  return null;
}

/** A booking's `proof`: the solution as base64 of its JSON (as ALTCHA sends it). */
export function encodeProof(challenge: ProofChallenge, number: number): string {
  const solution: ProofSolution = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(solution));
}
