/**
 * What a console password must be (OWASP ASVS 4.0.3 §2.1): at least 12 characters and up to 128,
 * counted as the user sees them (code points, so emoji and accents count once), any character
 * allowed, no composition rules, spaces kept as typed. It must not be the sign-in address itself.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | "PASSWORD_IS_EMAIL";

export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const length = [...password.normalize("NFC")].length;
  if (length < PASSWORD_MIN_LENGTH) return "PASSWORD_TOO_SHORT";
  if (length > PASSWORD_MAX_LENGTH) return "PASSWORD_TOO_LONG";
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return "PASSWORD_IS_EMAIL";
  return null;
}
