/**
 * The widget's proof of work for its booking (ADR 0055): a challenge fetched and solved in a worker
 * as soon as the visitor reaches the details step, so that by the time they press the button it is
 * usually done. Resolves to the booking's `proof`, or null when it could not be made (the server then
 * answers PROOF_REQUIRED, shown to the visitor).
 */
import type { ProofChallenge } from "../../../core/booking/proof-of-work.ts";
import { call } from "./api-client.ts";

export interface PendingProof {
  readonly proof: Promise<string | null>;
  /** Whether `proof` has settled (the button shows "Checking…" while it has not). */
  isDone(): boolean;
  cancel(): void;
}

function solveInWorker(challenge: ProofChallenge, onWorker: (worker: Worker) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./proof-worker.ts", import.meta.url), { type: "module" });
    onWorker(worker);
    worker.onmessage = (event: MessageEvent<string | null>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = () => {
      resolve(null);
      worker.terminate();
    };
    worker.postMessage(challenge);
  });
}

export function startBookingProof(): PendingProof {
  let isDone = false;
  let worker: Worker | null = null;
  const proof = (async () => {
    const challenge = await call<ProofChallenge>("/api/booking-challenge");
    if (!challenge.ok || typeof Worker === "undefined") return null;
    return solveInWorker(challenge.value, (w) => (worker = w));
  })()
    .catch(() => null)
    .finally(() => (isDone = true));
  return {
    proof,
    isDone: () => isDone,
    cancel: () => (worker as Worker | null)?.terminate(),
  };
}
