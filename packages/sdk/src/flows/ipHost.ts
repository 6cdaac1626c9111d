import { z } from "zod";

/**
 * 002 §3 what is known of an IP's host: where it is, whose network, and what it is used for. One
 * shape for the IP associations of an address (000 §7 observations) and the IP search hits.
 */
export const ipHostShape = {
  country: z.string().nullable(),
  isp: z.string().nullable(),
  isVpn: z.boolean(),
  isTor: z.boolean(),
  isProxy: z.boolean(),
  isMalware: z.boolean(),
  isSpyware: z.boolean(),
};
export const ipHostSchema = z.object(ipHostShape);
export type IpHost = z.infer<typeof ipHostSchema>;

/** 002 §3 an IP's flags in the order they are shown, with their labels; the malicious ones are danger. */
export const ipHostFlags = [
  { field: "isVpn", label: "VPN", severity: "attention" },
  { field: "isTor", label: "Tor", severity: "attention" },
  { field: "isProxy", label: "Proxy", severity: "attention" },
  { field: "isMalware", label: "Malware", severity: "danger" },
  { field: "isSpyware", label: "Spyware", severity: "danger" },
] as const satisfies readonly { field: keyof IpHost; label: string; severity: "attention" | "danger" }[];

/** The labels of the flags an IP's host carries, in the order shown. */
export function ipHostFlagLabels(host: IpHost): string[] {
  return ipHostFlags.filter((flag) => host[flag.field]).map((flag) => flag.label);
}
