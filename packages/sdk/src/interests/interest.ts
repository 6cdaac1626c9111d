import { z } from "zod";
import { urnSchema } from "../chains/urn.ts";
import { platformMessages } from "../constants/messages.ts";
import { isAudienceCountry } from "./countries.ts";

/** 001 §3 visibilityLevel. */
export const visibilityLevels = ["ORG", "NETWORK", "PUBLIC", "CUSTOM"] as const;
export const visibilityLevelSchema = z.enum(visibilityLevels);
export type VisibilityLevel = z.infer<typeof visibilityLevelSchema>;

/** 001 §3 privacyOption. */
export const privacyOptions = ["PRIVATE", "OPEN"] as const;
export const privacyOptionSchema = z.enum(privacyOptions);
export type PrivacyOption = z.infer<typeof privacyOptionSchema>;

/** 001 §9 interest sectors (sent as verticals). */
export const interestSectors = ["PUBLIC", "PRIVATE"] as const;
export const interestSectorSchema = z.enum(interestSectors);
export type InterestSector = z.infer<typeof interestSectorSchema>;

/** 001 §9: the interest note has at most 80 characters. */
export const interestNoteMaxLength = 80;

/** Exact texts from 001 §5 and §8; submitFailed, noteTooLong and unknownCountry are ours (not worded). */
export const interestMessages = {
  countryRequired: "Please select at least one country.",
  networkRequired: "select at least one network",
  deleteFailed: platformMessages.requestFailed,
  deleteSucceeded: "Interest deleted successfully",
  networksFailed: "Error fetching collaboration networks",
  investigatorsFailed: "Error fetching interested investigators",
  noInvestigators: "There are no interested investigators for this element",
  submitFailed: "There was an issue indicating your interest. Please try again.",
  noteTooLong: `The note can have at most ${interestNoteMaxLength} characters`,
  // Ours: the specification words no edit (001 §7 names only the PUT).
  updateSucceeded: "Interest updated",
  updateFailed: platformMessages.requestFailed,
  unknownCountry: "Select countries from the list",
} as const;

const instant = z.iso.datetime({ offset: true });

/** 001 §3 Investigation interest. User details and contactEmail are null while masked (001 §4). */
export const investigationInterestSchema = z.object({
  uuid: z.uuid(),
  visibilityLevel: visibilityLevelSchema,
  privacyOption: privacyOptionSchema,
  note: z.string().max(interestNoteMaxLength).nullable(),
  trmResourceUrns: z.array(urnSchema),
  isRevealNotificationEnabled: z.boolean(),
  isSameElementNotificationEnabled: z.boolean(),
  networkUuids: z.array(z.uuid()),
  verticals: z.array(interestSectorSchema),
  countryIsoCodes: z.array(z.string().length(2)),
  createdAt: instant,
  contactEmail: z.string().nullable(),
  isRevealed: z.boolean(),
  user: z.object({
    id: z.int().nullable(),
    fullName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  organization: z.object({ uuid: z.uuid().nullable(), name: z.string().nullable() }),
  segments: z.object({
    verticals: z.array(interestSectorSchema),
    countryIsoCodes: z.array(z.string().length(2)),
  }),
  notificationConfig: z.record(z.string(), z.unknown()).nullable(),
});
export type InvestigationInterest = z.infer<typeof investigationInterestSchema>;

/**
 * 001 §5 indicate-interest form: note at most 80 characters; a custom audience needs at least one
 * (non-sanctioned) country; network visibility needs at least one network.
 */
export const interestFormSchema = z
  .object({
    visibilityLevel: visibilityLevelSchema,
    privacyOption: privacyOptionSchema,
    note: z.string().trim().max(interestNoteMaxLength, interestMessages.noteTooLong).default(""),
    isRevealNotificationEnabled: z.boolean().default(false),
    networkUuids: z.array(z.uuid()).default([]),
    verticals: z.array(interestSectorSchema).default([]),
    countryIsoCodes: z.array(z.string()).default([]),
  })
  .superRefine((form, context) => {
    if (form.visibilityLevel === "CUSTOM") {
      if (form.countryIsoCodes.length === 0) {
        context.addIssue({
          code: "custom",
          path: ["countryIsoCodes"],
          message: interestMessages.countryRequired,
        });
      } else if (!form.countryIsoCodes.every(isAudienceCountry)) {
        context.addIssue({
          code: "custom",
          path: ["countryIsoCodes"],
          message: interestMessages.unknownCountry,
        });
      }
    }
    if (form.visibilityLevel === "NETWORK" && form.networkUuids.length === 0) {
      context.addIssue({ code: "custom", path: ["networkUuids"], message: interestMessages.networkRequired });
    }
  });
export type InterestFormInput = z.input<typeof interestFormSchema>;
export type InterestForm = z.output<typeof interestFormSchema>;

/**
 * 001 §4: choosing network visibility pre-selects all of the user's networks; any other level
 * clears the selection.
 */
export function withVisibilityLevel<
  Form extends { visibilityLevel: VisibilityLevel; networkUuids?: string[] },
>(form: Form, visibilityLevel: VisibilityLevel, userNetworkUuids: readonly string[]): Form {
  return {
    ...form,
    visibilityLevel,
    networkUuids: visibilityLevel === "NETWORK" ? [...userNetworkUuids] : [],
  };
}

/** 001 §7 POST /v1/trm-resources/investigation-interests/bulk. */
export const interestBulkBodySchema = z.object({
  visibilityLevel: visibilityLevelSchema,
  privacyOption: privacyOptionSchema,
  note: z.string().max(interestNoteMaxLength),
  trmResourceUrns: z.array(urnSchema).min(1),
  isRevealNotificationEnabled: z.boolean(),
  networkUuids: z.array(z.uuid()),
  verticals: z.array(interestSectorSchema),
  countryIsoCodes: z.array(z.string().length(2)),
});
export type InterestBulkBody = z.infer<typeof interestBulkBodySchema>;

/** 001 §5: only elements the user has not already indicated interest in are submitted. */
export function interestElementsToSubmit(
  selected: readonly string[],
  alreadyInterested: readonly string[],
): string[] {
  const done = new Set(alreadyInterested);
  return [...new Set(selected)].filter((urn) => !done.has(urn));
}

/**
 * The request body for a valid form, or null when no element remains (001 §5: submit is then
 * disabled). Choice: networks are sent only for NETWORK, sectors and countries only for CUSTOM.
 */
export function interestBulkBody(
  form: InterestForm,
  selected: readonly string[],
  alreadyInterested: readonly string[],
): InterestBulkBody | null {
  const trmResourceUrns = interestElementsToSubmit(selected, alreadyInterested);
  if (trmResourceUrns.length === 0) return null;
  const custom = form.visibilityLevel === "CUSTOM";
  return {
    visibilityLevel: form.visibilityLevel,
    privacyOption: form.privacyOption,
    note: form.note,
    trmResourceUrns,
    isRevealNotificationEnabled: form.isRevealNotificationEnabled,
    networkUuids: form.visibilityLevel === "NETWORK" ? form.networkUuids : [],
    verticals: custom ? form.verticals : [],
    countryIsoCodes: custom ? form.countryIsoCodes : [],
  };
}

export interface InterestViewer {
  userId: number;
  organizationUuid: string;
}

/** 001 §4 / §6: an own interest is one by the same user in the same organization. */
export function isOwnInterest(
  interest: Pick<InvestigationInterest, "user" | "organization">,
  viewer: InterestViewer,
): boolean {
  return interest.user.id === viewer.userId && interest.organization.uuid === viewer.organizationUuid;
}

export const revealActionLabels = {
  reveal: "Reveal",
  confirmRevealAndNotify: "Reveal and Notify",
  requestContact: "Request contact",
} as const;
export type RevealAction = keyof typeof revealActionLabels;

type RevealFields = Pick<
  InvestigationInterest,
  "user" | "organization" | "isRevealed" | "privacyOption" | "isRevealNotificationEnabled"
>;

/**
 * 001 §4 interest privacy: nothing to reveal for an own or already revealed interest; a private one
 * offers 'Request contact'; an open one with notification enabled asks for confirmation ('Reveal and
 * Notify'); otherwise it reveals directly.
 */
export function revealActionOf(interest: RevealFields, viewer: InterestViewer): RevealAction | null {
  if (isOwnInterest(interest, viewer) || interest.isRevealed) return null;
  if (interest.privacyOption === "PRIVATE") return "requestContact";
  return interest.isRevealNotificationEnabled ? "confirmRevealAndNotify" : "reveal";
}

/** 001 §4: details show for an own interest, or once revealed and open; others stay masked. */
export function interestDetailsVisible(interest: RevealFields, viewer: InterestViewer): boolean {
  return isOwnInterest(interest, viewer) || (interest.isRevealed && interest.privacyOption === "OPEN");
}

/** 001 §6: only the author, from the same organization, may delete an interest. */
export function canDeleteInterest(interest: RevealFields, viewer: InterestViewer): boolean {
  return isOwnInterest(interest, viewer);
}

/**
 * 001 §6: the Indicate Interest button of the interested-investigators modal is hidden inside triage
 * routes, when the user already indicated interest, and while loading.
 */
export function showsIndicateInterestButton(state: {
  inTriage: boolean;
  alreadyInterested: boolean;
  loading: boolean;
}): boolean {
  return !state.inTriage && !state.alreadyInterested && !state.loading;
}

/** 001 §4 audience tabs: preset (organization or network), custom, and all users of the provider. */
export const audienceTabs = ["preset", "custom", "all"] as const;
export const audienceTabSchema = z.enum(audienceTabs);
export type AudienceTab = z.infer<typeof audienceTabSchema>;

/** The visibility levels each tab offers. */
export const audienceTabLevels = {
  preset: ["ORG", "NETWORK"],
  custom: ["CUSTOM"],
  all: ["PUBLIC"],
} as const satisfies Record<AudienceTab, readonly VisibilityLevel[]>;

/** 001 §4: the last-used tab is remembered in local storage under this key. */
export const audienceTabStorageKey = "sleuth.interest.audienceTab";

/** The remembered tab, or "preset" when nothing (or something unreadable) is stored. */
export function parseAudienceTab(raw: string | null | undefined): AudienceTab {
  const parsed = audienceTabSchema.safeParse(raw);
  return parsed.success ? parsed.data : "preset";
}
