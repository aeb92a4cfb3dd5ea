/**
 * The booking's proof of work, solved off the page's thread (ADR 0055): given a challenge, answers
 * the booking's `proof`, or null when it has no solution. Loaded only once the visitor reaches the
 * details step, as its own file: the solver adds nothing to the booking page's first load.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import {
  encodeProof,
  solveProofChallenge,
  type ProofChallenge,
  type Sha256,
} from "../../../core/booking/proof-of-work.ts";

/**
 * Browsers offer Web Crypto only in a secure context: a widget served over plain HTTP on a local
 * network (http://192.168.1.20:3000) has no `crypto.subtle`, and hashes in JavaScript instead
 * (@noble/hashes, a few times slower; it is in this worker's file only).
 */
const digest: Sha256 | undefined = globalThis.crypto?.subtle ? undefined : async (data) => sha256(data);

self.onmessage = async (event: MessageEvent<ProofChallenge>) => {
  const number = await solveProofChallenge(event.data, digest ? { digest } : {});
  self.postMessage(number === null ? null : encodeProof(event.data, number));
};
