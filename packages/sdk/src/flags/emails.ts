// 001 §5: contact email is required and matches an email pattern; a comma-separated list is
// allowed; the local part is at most 64 characters and the domain at most 253.

export const emailLimits = { localPart: 64, domain: 253 } as const;

// Choice: a pragmatic pattern (what HTML's type=email accepts), with a dot in the domain.
const localPartPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const domainLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isValidContactEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > emailLimits.localPart || domain.length > emailLimits.domain) return false;
  if (!localPartPattern.test(local)) return false;
  const labels = domain.split(".");
  return labels.length >= 2 && labels.every((label) => domainLabel.test(label));
}

/**
 * Splits a comma-separated contact list into trimmed addresses. Choice: empty items (a trailing
 * comma, ", ,") are ignored; the list is valid when it holds at least one address and every one is valid.
 */
export function parseEmailList(input: string): { emails: string[]; invalid: string[] } {
  const emails = input
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  return { emails, invalid: emails.filter((email) => !isValidContactEmail(email)) };
}
