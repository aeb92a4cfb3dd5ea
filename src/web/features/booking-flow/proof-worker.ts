/**
 * The booking's proof of work, solved off the page's thread (ADR 0055): given a challenge, answers
 * the booking's `proof`, or null when it has no solution. Loaded only once the visitor reaches the
 * details step, as its own file: the solver adds nothing to the booking page's first load.
 */
import { encodeProof, solveProofChallenge, type ProofChallenge } from "../../../core/booking/proof-of-work.ts";

self.onmessage = async (event: MessageEvent<ProofChallenge>) => {
  const number = await solveProofChallenge(event.data);
  self.postMessage(number === null ? null : encodeProof(event.data, number));
};
