import type { IpHost } from "@sleuth/sdk";

/** The inet_hosts columns of an IP's host (002 §3), as a statement over `inet_hosts h` selects them. */
export const ipHostColumnsSql =
  "h.country, h.isp, h.is_vpn, h.is_tor, h.is_proxy, h.is_malware, h.is_spyware";

export interface IpHostRow {
  country: string | null;
  isp: string | null;
  is_vpn: boolean;
  is_tor: boolean;
  is_proxy: boolean;
  is_malware: boolean;
  is_spyware: boolean;
}

/** The SDK's IP host fields of a row selected with ipHostColumnsSql. */
export function ipHostOf(row: IpHostRow): IpHost {
  return {
    country: row.country,
    isp: row.isp,
    isVpn: row.is_vpn,
    isTor: row.is_tor,
    isProxy: row.is_proxy,
    isMalware: row.is_malware,
    isSpyware: row.is_spyware,
  };
}
