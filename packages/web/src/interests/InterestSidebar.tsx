import { useStore } from "@nanostores/react";
import { Checkbox, Dialog, FormControl, Radio, RadioGroup, SegmentedControl, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type AudienceTab,
  audienceCountries,
  audienceTabLevels,
  audienceTabStorageKey,
  audienceTabs,
  type InterestFormInput,
  interestBulkBody,
  interestFormSchema,
  interestMessages,
  interestNoteMaxLength,
  interestSectors,
  parseAudienceTab,
  privacyOptions,
  type VisibilityLevel,
  withVisibilityLevel,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActionFormFooter } from "../actions/ActionFormFooter.tsx";
import { actionQueries } from "../actions/actionQueries.ts";
import { showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

const tabLabels: Record<AudienceTab, string> = { preset: "Preset", custom: "Custom", all: "All users" };
const levelLabels: Record<VisibilityLevel, string> = {
  ORG: "My organization",
  NETWORK: "My networks",
  PUBLIC: "All users of the provider",
  CUSTOM: "Custom audience",
};

function rememberedTab(): AudienceTab {
  try {
    return parseAudienceTab(globalThis.localStorage?.getItem(audienceTabStorageKey));
  } catch {
    return "preset";
  }
}

export interface InterestSidebarProps {
  /** The elements the interest is about; those already interested in are left out (001 §5). */
  trmResourceUrns: readonly string[];
  title: string;
  onClose: () => void;
  onIndicated?: () => void;
}

/**
 * 001 §2 indicate-interest sidebar: audience tabs (preset, custom, all users; the last tab is
 * remembered), visibility and privacy, a note of at most 80 characters, countries (sanctioned ones
 * are not offered) and sectors for a custom audience, networks for network visibility (all
 * pre-selected). The server enforces who sees it.
 */
export function InterestSidebar({ trmResourceUrns, title, onClose, onIndicated }: InterestSidebarProps) {
  const view = useStore($signedIn);
  const networks = useQuery({
    ...actionQueries.networks(view?.organization.uuid ?? ""),
    enabled: Boolean(view),
  });
  const mine = useQuery(actionQueries.myInterestElements());
  const [tab, setTab] = useState<AudienceTab>(rememberedTab);
  const [countryFilter, setCountryFilter] = useState("");
  const [form, setForm] = useState<InterestFormInput>(() => ({
    visibilityLevel: audienceTabLevels[rememberedTab()][0],
    privacyOption: "OPEN",
    note: "",
    isRevealNotificationEnabled: true,
    networkUuids: [],
    verticals: [],
    countryIsoCodes: [],
  }));
  const networkUuids = (networks.data ?? []).map((network) => network.uuid);
  const chooseTab = (next: AudienceTab) => {
    setTab(next);
    try {
      globalThis.localStorage?.setItem(audienceTabStorageKey, next);
    } catch {
      // 002 §8: ignored.
    }
    setForm((current) => withVisibilityLevel(current, audienceTabLevels[next][0], networkUuids));
  };
  const parsed = interestFormSchema.safeParse(form);
  const errorOf = (field: string) =>
    parsed.success ? null : (parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
  const body = parsed.success ? interestBulkBody(parsed.data, trmResourceUrns, mine.data ?? []) : null;
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: () => sleuthClient.interests.create(body!),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["interests"] });
      showMessage({ variant: "success", title: "Your interest was recorded." });
      onIndicated?.();
      onClose();
    },
  });
  const toggleIn = (list: readonly string[], item: string) =>
    list.includes(item) ? list.filter((value) => value !== item) : [...list, item];
  const countries = audienceCountries.filter((country) =>
    country.name.toLowerCase().includes(countryFilter.trim().toLowerCase()),
  );
  return (
    <Dialog title={`Indicate interest in ${title}`} onClose={onClose} position="right" width="large">
      <form
        className="sleuth-action-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (body && !submit.isPending) submit.mutate();
        }}
      >
        <SegmentedControl aria-label="Audience" fullWidth>
          {audienceTabs.map((item) => (
            <SegmentedControl.Button key={item} selected={tab === item} onClick={() => chooseTab(item)}>
              {tabLabels[item]}
            </SegmentedControl.Button>
          ))}
        </SegmentedControl>
        {tab === "preset" ? (
          <RadioGroup
            name="visibility"
            onChange={(value) =>
              setForm((current) => withVisibilityLevel(current, value as VisibilityLevel, networkUuids))
            }
          >
            <RadioGroup.Label>Who may see it</RadioGroup.Label>
            {audienceTabLevels.preset.map((level) => (
              <FormControl key={level}>
                <Radio value={level} checked={form.visibilityLevel === level} />
                <FormControl.Label>{levelLabels[level]}</FormControl.Label>
              </FormControl>
            ))}
          </RadioGroup>
        ) : null}
        {form.visibilityLevel === "NETWORK" ? (
          <fieldset className="sleuth-user-select">
            <legend>Networks</legend>
            {networks.isError ? (
              <InlineMessage variant="critical">{interestMessages.networksFailed}</InlineMessage>
            ) : null}
            {(networks.data ?? []).map((network) => (
              <FormControl key={network.uuid}>
                <Checkbox
                  checked={form.networkUuids?.includes(network.uuid) ?? false}
                  onChange={() =>
                    setForm((current) => ({
                      ...current,
                      networkUuids: toggleIn(current.networkUuids ?? [], network.uuid),
                    }))
                  }
                />
                <FormControl.Label>{network.name}</FormControl.Label>
              </FormControl>
            ))}
            {errorOf("networkUuids") ? (
              <InlineMessage variant="critical">{errorOf("networkUuids")}</InlineMessage>
            ) : null}
          </fieldset>
        ) : null}
        {tab === "custom" ? (
          <>
            <fieldset className="sleuth-user-select">
              <legend>Sectors</legend>
              {interestSectors.map((sector) => (
                <FormControl key={sector}>
                  <Checkbox
                    checked={form.verticals?.includes(sector) ?? false}
                    onChange={() =>
                      setForm((current) => ({
                        ...current,
                        verticals: toggleIn(
                          current.verticals ?? [],
                          sector,
                        ) as (typeof interestSectors)[number][],
                      }))
                    }
                  />
                  <FormControl.Label>
                    {sector === "PUBLIC" ? "Public sector" : "Private sector"}
                  </FormControl.Label>
                </FormControl>
              ))}
            </fieldset>
            <fieldset className="sleuth-user-select">
              <legend>Countries</legend>
              <FormControl>
                <FormControl.Label visuallyHidden>Find a country</FormControl.Label>
                <TextInput
                  block
                  placeholder="Find a country"
                  value={countryFilter}
                  onChange={(event) => setCountryFilter(event.target.value)}
                />
              </FormControl>
              <ul className="sleuth-user-select-list sleuth-country-list">
                {countries.map((country) => (
                  <li key={country.code}>
                    <FormControl>
                      <Checkbox
                        checked={form.countryIsoCodes?.includes(country.code) ?? false}
                        onChange={() =>
                          setForm((current) => ({
                            ...current,
                            countryIsoCodes: toggleIn(current.countryIsoCodes ?? [], country.code),
                          }))
                        }
                      />
                      <FormControl.Label>{country.name}</FormControl.Label>
                    </FormControl>
                  </li>
                ))}
              </ul>
              {errorOf("countryIsoCodes") ? (
                <InlineMessage variant="critical">{errorOf("countryIsoCodes")}</InlineMessage>
              ) : null}
            </fieldset>
          </>
        ) : null}
        <RadioGroup
          name="privacy"
          onChange={(value) => setForm((current) => ({ ...current, privacyOption: value as "OPEN" }))}
        >
          <RadioGroup.Label>Privacy</RadioGroup.Label>
          {privacyOptions.map((option) => (
            <FormControl key={option}>
              <Radio value={option} checked={form.privacyOption === option} />
              <FormControl.Label>
                {option === "OPEN"
                  ? "Open: others may reveal my contact"
                  : "Private: others ask to contact me"}
              </FormControl.Label>
            </FormControl>
          ))}
        </RadioGroup>
        <FormControl>
          <Checkbox
            checked={form.isRevealNotificationEnabled ?? false}
            onChange={(event) =>
              setForm((current) => ({ ...current, isRevealNotificationEnabled: event.target.checked }))
            }
          />
          <FormControl.Label>Notify me when someone reveals my contact</FormControl.Label>
        </FormControl>
        <FormControl>
          <FormControl.Label>Note</FormControl.Label>
          <TextInput
            block
            maxLength={interestNoteMaxLength}
            value={form.note ?? ""}
            onChange={(event) => setForm((current) => ({ ...current, note: event.target.value }))}
          />
          <FormControl.Caption>
            {(form.note ?? "").length}/{interestNoteMaxLength} characters
          </FormControl.Caption>
        </FormControl>
        {parsed.success && !body && mine.data ? (
          <p className="sleuth-muted">You already indicated interest in this.</p>
        ) : null}
        <ActionFormFooter
          error={submit.isError ? interestMessages.submitFailed : null}
          onCancel={onClose}
          submitLabel="Indicate interest"
          disabled={!body}
          loading={submit.isPending}
        />
      </form>
    </Dialog>
  );
}
