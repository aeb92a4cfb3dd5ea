/**
 * Issuing and checking the proof of work of public bookings (issue 19, ADR 0055): challenges signed
 * with a key derived from the app secret, so every process on one database accepts every other's.
 * Checking here is pure (signature, expiry, solution, difficulty); that a challenge is used only
 * once is the ledger's part (adapters/db/used-proofs.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ProofChallenge, ProofSolution } from "../../core/booking/proof-of-work.ts";

/** How long a challenge may be answered: a visitor may take a while over the details. */
export const PROOF_LIFETIME_MS = 30 * 60 * 1000;

/** The key challenges are signed with: the app secret's, kept apart from its other uses. */
export const proofKey = (appSecret: string): Buffer =>
  createHmac("sha256", appSecret).update("booking-proof-of-work").digest();

const sign = (key: Buffer, challenge: string) => createHmac("sha256", key).update(challenge).digest("hex");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export function issueProofChallenge(
  key: Buffer,
  options: { now: Date; maxNumber: number; random?: (maxInclusive: number) => number },
): ProofChallenge {
  const expires = Math.floor((options.now.getTime() + PROOF_LIFETIME_MS) / 1000);
  const salt = `${randomBytes(12).toString("hex")}?expires=${expires}&maxnumber=${options.maxNumber}`;
  const secret = (options.random ?? ((max) => randomBytes(4).readUInt32BE() % (max + 1)))(options.maxNumber);
  const challenge = sha256(salt + secret);
  return { algorithm: "SHA-256", challenge, maxnumber: options.maxNumber, salt, signature: sign(key, challenge) };
}

export type ProofCheck =
  | { readonly ok: true; readonly challenge: string; readonly expiresAt: Date }
  | { readonly ok: false; readonly reason: "invalid" | "expired" | "too-easy" };

function decode(proof: string): ProofSolution | null {
  try {
    const value = JSON.parse(Buffer.from(proof, "base64").toString("utf8")) as Partial<ProofSolution> | null;
    if (
      value &&
      typeof value.algorithm === "string" &&
      typeof value.challenge === "string" &&
      typeof value.salt === "string" &&
      typeof value.signature === "string" &&
      Number.isSafeInteger(value.number)
    )
      return value as ProofSolution;
  } catch {
    // Not base64 JSON: invalid below.
  }
  return null;
}

/**
 * Whether `proof` answers a challenge this server signed, still open at `now`, at least as hard as
 * `minimumMaxNumber` (a client under suspicion must not spend an easy challenge fetched earlier).
 */
export function checkProof(key: Buffer, proof: string, options: { now: Date; minimumMaxNumber: number }): ProofCheck {
  const solution = decode(proof);
  if (!solution || solution.algorithm !== "SHA-256") return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(key, solution.challenge));
  const given = Buffer.from(solution.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  // The signature covers the challenge, and the challenge the salt with its parameters.
  if (sha256(solution.salt + solution.number) !== solution.challenge) return { ok: false, reason: "invalid" };
  const params = new URLSearchParams(solution.salt.split("?")[1] ?? "");
  const expires = Number(params.get("expires"));
  const maxNumber = Number(params.get("maxnumber"));
  if (!Number.isSafeInteger(expires) || !Number.isSafeInteger(maxNumber) || solution.number > maxNumber)
    return { ok: false, reason: "invalid" };
  if (expires * 1000 <= options.now.getTime()) return { ok: false, reason: "expired" };
  if (maxNumber < options.minimumMaxNumber) return { ok: false, reason: "too-easy" };
  return { ok: true, challenge: solution.challenge, expiresAt: new Date(expires * 1000) };
}
