// Dotted quad with no leading zeros: "010.0.0.1" is ambiguous (octal in some tools), so it is refused.
const ipv4Pattern = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const ipv6Characters = /^[0-9a-fA-F:.]+$/;

/**
 * The canonical spelling of an IPv4 or IPv6 address, or null. IPv6 is serialised as the WHATWG URL
 * standard does (RFC 5952 compression, lowercase; an embedded IPv4 tail is written in hex).
 */
export function normalizeIpAddress(value: string): string | null {
  if (ipv4Pattern.test(value)) return value;
  if (!value.includes(":") || !ipv6Characters.test(value)) return null;
  try {
    const { hostname } = new URL(`http://[${value}]/`);
    return hostname.slice(1, -1);
  } catch {
    return null;
  }
}

export function isValidIpAddress(value: string): boolean {
  return normalizeIpAddress(value) !== null;
}
