import { createHash } from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { encodeProof, solveProofChallenge, type ProofChallenge } from "../../core/booking/proof-of-work.ts";
import { checkProof, issueProofChallenge, PROOF_LIFETIME_MS, proofKey } from "./booking-proof.ts";

const NOW = new Date("2026-11-30T07:00:00Z");
const key = proofKey("a".repeat(32));
const issue = (maxNumber = 500) => issueProofChallenge(key, { now: NOW, maxNumber });
const solve = async (challenge: ProofChallenge) => encodeProof(challenge, (await solveProofChallenge(challenge))!);
const check = (proof: string, options: { now?: Date; minimumMaxNumber?: number } = {}) =>
  checkProof(key, proof, { now: options.now ?? NOW, minimumMaxNumber: options.minimumMaxNumber ?? 500 });
/** A solution with one field changed, as an attacker would send it. */
const edited = (proof: string, patch: Record<string, unknown>) =>
  btoa(JSON.stringify({ ...JSON.parse(atob(proof)), ...patch }));

describe("booking proof of work", () => {
  it("accepts the number whose hash is the challenge, with the challenge and its expiry", async () => {
    const challenge = issue();
    expect(challenge.algorithm).toBe("SHA-256");
    expect(challenge.salt).toMatch(/\?expires=\d+&maxnumber=500$/);
    const result = check(await solve(challenge));
    expect(result).toEqual({
      ok: true,
      challenge: challenge.challenge,
      expiresAt: new Date(Math.floor((NOW.getTime() + PROOF_LIFETIME_MS) / 1000) * 1000),
    });
  });

  it("is solved alike with the worker's JavaScript SHA-256 (no Web Crypto over plain HTTP)", async () => {
    const challenge = issue(20_000);
    const digest = async (data: Uint8Array<ArrayBuffer>) => sha256(data);
    const number = (await solveProofChallenge(challenge, { digest }))!;
    expect(number).toBe(await solveProofChallenge(challenge));
    expect(
      createHash("sha256")
        .update(challenge.salt + number)
        .digest("hex"),
    ).toBe(challenge.challenge);
    expect(check(encodeProof(challenge, number), { minimumMaxNumber: 20_000 }).ok).toBe(true);
    const started = performance.now();
    await solveProofChallenge({ ...challenge, challenge: "00".repeat(32) }, { digest });
    console.log(`@noble/hashes in Node: all 20,000 hashes in ${(performance.now() - started).toFixed(0)} ms`);
  });

  it("refuses a wrong number", async () => {
    const challenge = issue();
    const number = (await solveProofChallenge(challenge))!;
    expect(check(encodeProof(challenge, number === 0 ? 1 : number - 1))).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an expired challenge, and accepts it until then", async () => {
    const proof = await solve(issue());
    expect(check(proof, { now: new Date(NOW.getTime() + PROOF_LIFETIME_MS - 1000) }).ok).toBe(true);
    expect(check(proof, { now: new Date(NOW.getTime() + PROOF_LIFETIME_MS) })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a tampered signature, a challenge signed with another key, and garbage", async () => {
    const proof = await solve(issue());
    const signature = (JSON.parse(atob(proof)) as ProofChallenge).signature;
    const flipped = (signature[0] === "0" ? "1" : "0") + signature.slice(1);
    expect(check(edited(proof, { signature: flipped }))).toEqual({ ok: false, reason: "invalid" });
    const foreign = issueProofChallenge(proofKey("b".repeat(32)), { now: NOW, maxNumber: 500 });
    expect(check(await solve(foreign))).toEqual({ ok: false, reason: "invalid" });
    expect(check("not base64 json")).toEqual({ ok: false, reason: "invalid" });
    expect(check(edited(proof, { algorithm: "SHA-1" }))).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a challenge easier than the client must solve, and an edited difficulty", async () => {
    const proof = await solve(issue(500));
    expect(check(proof, { minimumMaxNumber: 5_000 })).toEqual({ ok: false, reason: "too-easy" });
    // Raising `maxnumber` in the salt changes the challenge the signature covers.
    const solution = JSON.parse(atob(proof)) as ProofChallenge & { number: number };
    const salt = solution.salt.replace("maxnumber=500", "maxnumber=5000");
    const challenge = createHash("sha256")
      .update(salt + solution.number)
      .digest("hex");
    expect(check(edited(proof, { salt, challenge }), { minimumMaxNumber: 5_000 })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses a number beyond the challenge's maxnumber", async () => {
    // A challenge whose secret number is above its stated maximum cannot come from this server.
    const challenge = issueProofChallenge(key, { now: NOW, maxNumber: 10, random: () => 11 });
    expect(check(encodeProof(challenge, 11), { minimumMaxNumber: 10 })).toEqual({ ok: false, reason: "invalid" });
  });
});
