/**
 * How a console sign-in address is kept and compared: trimmed and lower-cased, so one person's address is one
 * login across the deployment whatever its case (console_logins' key, ADR 0057).
 */
export const signInAddress = (email: string): string => email.trim().toLowerCase();
