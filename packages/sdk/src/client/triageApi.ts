import { z } from "zod";
import type { AttributionTag } from "../attribution/attributionTag.ts";
import type { ChainId } from "../chains/chainRegistry.ts";
import { imageScanResponseSchema } from "../imageUpload/imageProcessing.ts";
import type { ImageScanRead } from "../imageUpload/imageScanIdentifiers.ts";
import type { AddressMetrics } from "../metrics/metricsSummary.ts";
import type { AddressRiskInfo } from "../risk/riskInfo.ts";
import { checkTriageAddressRoute } from "../triage/triageAddressPage.ts";
import {
  type AddressPropertiesItem,
  addressPropertiesItemSchema,
  addressPropertiesVersionFor,
  type LawEnforcementSuggestion,
  lawEnforcementSuggestionStoredSchema,
  propertyGroupSchema,
} from "../triage/triageProperties.ts";
import {
  type TriageReportLanguage,
  type TriageReportRow,
  triageReportCsv,
  triageReportFileName,
  triageReportRowSchema,
} from "../triage/triageReport.ts";
import type { TriageSource } from "../triage/triageSummary.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";
import { metricsApi, riskApi } from "./metricsApi.ts";
import { attributionApi } from "./searchApi.ts";
import { uploadForm } from "./uploadRequest.ts";

export interface ImageScanOptions {
  signal?: AbortSignal;
  /** 002 §4: the fraction of the image sent, 0..1. */
  onProgress?: (fraction: number) => void;
}

/** An image scan's answer: the 002 §3 identifiers and, from a server that says, how each was read. */
export interface ImageScanResult {
  identifiers: string[];
  /** Issue 42: per identifier, text or QR code, exact or corrected; null from an older server. */
  reads: ImageScanRead[] | null;
}

export interface TriageReport {
  fileName: string;
  csv: string;
  rows: TriageReportRow[];
}

const reportRows = z.array(triageReportRowSchema);
const propertyGroups = z.array(propertyGroupSchema);
const addressPropertyItems = z.array(addressPropertiesItemSchema);

/** The three calls the Summary's insights are read from (002 §4), each settling on its own. */
export interface TriageSummaryCalls {
  risk: Promise<TriageSource<AddressRiskInfo>>;
  attribution: Promise<TriageSource<{ tags: readonly AttributionTag[] }>>;
  metrics: Promise<TriageSource<AddressMetrics>>;
}

function settled<T>(call: Promise<{ success: boolean; data: T[] }>): Promise<TriageSource<T>> {
  return call.then(
    (answer): TriageSource<T> =>
      answer.success ? { status: "done", value: answer.data[0] ?? null } : { status: "error" },
    (): TriageSource<T> => ({ status: "error" }),
  );
}

function checkedAddress(chain: string, address: string) {
  const route = checkTriageAddressRoute({ chain, address });
  if (!route.ok) throw new ApiError({ status: 400, code: "bad_request", message: route.message });
  return route.value;
}

/** Triage calls (002 §7). */
export function triageApi(core: HttpCore) {
  const risk = riskApi(core);
  const metrics = metricsApi(core);
  const attribution = attributionApi(core);
  return {
    /**
     * 002 §7 `POST /v1/triage/image-scan`: the valid addresses and transaction hashes the server reads
     * in an image (OCR and QR codes), in reading order.
     */
    async scanImage(image: Blob, fileName: string, options: ImageScanOptions = {}): Promise<string[]> {
      return (await this.readImage(image, fileName, options)).identifiers;
    },

    /** The same scan with how each identifier was read (issue 42), for a reader to double-check. */
    async readImage(image: Blob, fileName: string, options: ImageScanOptions = {}): Promise<ImageScanResult> {
      const form = new FormData();
      form.append("file", image, fileName);
      const answer = await uploadForm(core, "/v1/triage/image-scan", form, {
        schema: imageScanResponseSchema,
        ...options,
      });
      return { identifiers: answer.data, reads: answer.meta?.reads ?? null };
    },

    /**
     * 002 §9 the triage report of an address: its counterparty flows as the 8-column CSV, named by chain
     * and address, dates in the report language. The console's download and `sleuth triage report`
     * write this same file. An invalid address fails before any request with the invalid message.
     */
    async report(
      chain: string,
      address: string,
      options: { language?: TriageReportLanguage; signal?: AbortSignal } = {},
    ): Promise<TriageReport> {
      const subject = checkedAddress(chain, address);
      const { data: rows } = await core.request(
        "GET",
        `/v1/triage/addresses/${encodeURIComponent(subject.chain)}/${encodeURIComponent(subject.address)}/report`,
        { schema: reportRows, signal: options.signal },
      );
      return {
        fileName: triageReportFileName(subject.chain, subject.address),
        csv: await triageReportCsv(subject, rows, options.language),
        rows,
      };
    },

    /** 002 §3 the property groups of an entity (docs/API.md "Triage"), for the property cards. */
    async entityProperties(entityUrn: string, options: { signal?: AbortSignal } = {}) {
      return (
        await core.request("GET", `/v1/triage/entities/${encodeURIComponent(entityUrn)}/properties`, {
          schema: propertyGroups,
          signal: options.signal,
        })
      ).data;
    },

    /**
     * 002 §7 `POST /trm-insights/{v3|v4}/address/properties`: each address's properties, in the order
     * asked, each chain's addresses sent to the version that chain takes (at most 100 per call).
     */
    async addressProperties(
      addresses: readonly { address: string; chain: ChainId }[],
      options: { signal?: AbortSignal } = {},
    ): Promise<AddressPropertiesItem[]> {
      // The server answers one item per address, in the order sent.
      const answers = new Map<number, AddressPropertiesItem>();
      const byVersion = Map.groupBy(
        addresses.map((item, index) => ({ item, index })),
        ({ item }) => addressPropertiesVersionFor(item.chain),
      );
      await Promise.all(
        [...byVersion].map(async ([version, entries]) => {
          const { data } = await core.request("POST", `/trm-insights/${version}/address/properties`, {
            body: { addresses: entries.map(({ item }) => item) },
            schema: addressPropertyItems,
            signal: options.signal,
          });
          entries.forEach(({ index }, position) => {
            const answer = data[position];
            if (answer) answers.set(index, answer);
          });
        }),
      );
      return addresses.map(
        (item, index) => answers.get(index) ?? { address: item.address, chain: item.chain, properties: [] },
      );
    },

    /** 002 §4 law-enforcement contact suggest-update: answers when it was stored. */
    async suggestLawEnforcementContact(body: LawEnforcementSuggestion) {
      return (
        await core.request("POST", "/v1/triage/law-enforcement-suggestions", {
          body,
          schema: lawEnforcementSuggestionStoredSchema,
          idempotencyKey: true,
        })
      ).data;
    },

    /**
     * 002 §4: the calls the Summary's six insights are read from, started together; each settles to
     * its answer (null for an address the store does not know) or an error, never rejecting.
     */
    summaryCalls(addressUrn: string, options: { signal?: AbortSignal } = {}): TriageSummaryCalls {
      return {
        risk: settled(risk.addresses([addressUrn], options)),
        attribution: settled(attribution.addresses([addressUrn], options)),
        metrics: settled(metrics.addresses([addressUrn], {}, options)),
      };
    },
  };
}
