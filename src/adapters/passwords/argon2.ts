/**
 * Password hashes with argon2id through @node-rs/argon2 (prebuilt binaries, no install script),
 * at its defaults — m = 19 MiB, t = 2, p = 1 — which are OWASP's recommended minimum; ~90 ms a
 * hash on this machine. The parameters travel in each PHC string, so raising them later keeps old
 * hashes verifiable.
 */
import { hash, verify } from "@node-rs/argon2";
import type { PasswordHasher } from "../../app/console/ports.ts";

export const argon2Passwords: PasswordHasher = {
  hash: (password) => hash(password),
  verify: async (stored, password) => {
    try {
      return await verify(stored, password);
    } catch {
      // A malformed stored hash is a wrong password, not a server error.
      return false;
    }
  },
};
