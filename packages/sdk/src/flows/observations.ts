import { z } from "zod";
import { addressChainUrnSchema, inetUrnSchema } from "../chains/urn.ts";
import { pageSizes } from "../constants/limits.ts";
import { ipHostShape } from "./ipHost.ts";

/** 000 §7 GET /v1/inet/observations/summary/address: addressChainUrn, limit, offset (pages of 10). */
export const inetObservationsRequestSchema = z.object({
  addressChainUrn: addressChainUrnSchema,
  limit: z.coerce.number().int().min(1).max(100).default(pageSizes.ipObservations),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type InetObservationsRequest = z.input<typeof inetObservationsRequestSchema>;

/** 002 §3 IP association (with the IP itself), most recently observed first. */
export const ipAssociationSchema = z.object({
  entityUrn: inetUrnSchema,
  ip: z.string(),
  firstObservation: z.iso.datetime({ offset: true }),
  lastObservation: z.iso.datetime({ offset: true }),
  totalObservations: z.int().min(1),
  numAssociatedAddresses: z.int().min(1),
  ...ipHostShape,
});
export type IpAssociation = z.infer<typeof ipAssociationSchema>;

/** 001 §7 GET /chainabuse/reports-by-urn?urn= (an address or an entity URN). */
export const scamReportsRequestSchema = z.object({
  urn: z.string().min(1).max(300),
});

/** Our choice: at most this many reports, newest first. */
export const scamReportsMax = 100;
