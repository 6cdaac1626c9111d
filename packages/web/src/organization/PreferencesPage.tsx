import { Checkbox, FormControl, Heading, Select, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { cacheFreshnessOptions, isApiError } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { announce } from "../messages/messageStore.ts";
import { tableCatalogue, tableIds } from "../tables/tableCatalogue.ts";
import { isColumnShown, withColumnShown } from "../tables/visibleColumns.ts";
import { NotificationPreferences } from "./NotificationPreferences.tsx";
import { navigationDestinations } from "./navigationDestinations.ts";
import { cacheFreshnessMs, preferenceOf, preferencesQuery, useSavePreference } from "./preferenceQueries.ts";

/**
 * The 000 §3 preferences of the current user in the current organization, each saved as soon as
 * it changes: cache freshness (000 §9), pinned navigation, AI features, table configuration, seed
 * analysis consent and which events arrive by e-mail (issue 40).
 */
export function PreferencesPage() {
  const preferences = useQuery(preferencesQuery);
  const save = useSavePreference();
  const saved = (text: string) => announce(`Saved: ${text}`);
  if (preferences.isPending)
    return (
      <div className="sleuth-page" aria-busy="true">
        <Text as="p">Loading preferences…</Text>
      </div>
    );
  if (preferences.isError)
    return (
      <div className="sleuth-page">
        <InlineMessage variant="critical">
          We had an issue making that request. Please try again.
        </InlineMessage>
      </div>
    );
  const list = preferences.data;
  const pinned = preferenceOf(list, "pinned-navigation")?.pinned ?? [];
  const ai = preferenceOf(list, "ai-features")?.enabled ?? false;
  const consent = preferenceOf(list, "seed-analysis-consent")?.consented ?? false;
  const tableConfig = preferenceOf(list, "table-config");
  return (
    <div className="sleuth-page sleuth-settings" data-testid="preferences-page">
      <Heading as="h1" className="sleuth-page-title">
        Preferences
      </Heading>
      <section className="sleuth-settings-section">
        <FormControl>
          <FormControl.Label>Cache freshness</FormControl.Label>
          <FormControl.Caption>
            How long the console reuses an answer before asking the server again.
          </FormControl.Caption>
          <Select
            value={String(cacheFreshnessMs(list))}
            onChange={(event) => {
              const ms = Number(event.target.value) as (typeof cacheFreshnessOptions)[number]["ms"];
              save.mutate(
                { key: "cache-freshness", value: { ms } },
                { onSuccess: () => saved("cache freshness") },
              );
            }}
          >
            {cacheFreshnessOptions.map((option) => (
              <Select.Option key={option.ms} value={String(option.ms)}>
                {option.label}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </section>
      <fieldset className="sleuth-settings-section">
        <legend>Pinned navigation</legend>
        {navigationDestinations.map((destination) => (
          <FormControl key={destination.id}>
            <Checkbox
              checked={pinned.includes(destination.id)}
              onChange={(event) => {
                const next = event.target.checked
                  ? [...pinned, destination.id]
                  : pinned.filter((id) => id !== destination.id);
                save.mutate(
                  { key: "pinned-navigation", value: { pinned: next } },
                  { onSuccess: () => saved("pinned navigation") },
                );
              }}
            />
            <FormControl.Label>{destination.label}</FormControl.Label>
          </FormControl>
        ))}
      </fieldset>
      <fieldset className="sleuth-settings-section">
        <legend>AI and analysis</legend>
        <FormControl>
          <Checkbox
            checked={ai}
            onChange={(event) =>
              save.mutate(
                { key: "ai-features", value: { enabled: event.target.checked } },
                { onSuccess: () => saved("AI features") },
              )
            }
          />
          <FormControl.Label>AI features (search by image)</FormControl.Label>
        </FormControl>
        <FormControl>
          <Checkbox
            checked={consent}
            onChange={(event) =>
              save.mutate(
                {
                  key: "seed-analysis-consent",
                  value: { consented: event.target.checked, at: new Date().toISOString() },
                },
                { onSuccess: () => saved("seed analysis consent") },
              )
            }
          />
          <FormControl.Label>I consent to seed analysis</FormControl.Label>
        </FormControl>
      </fieldset>
      <NotificationPreferences
        preference={preferenceOf(list, "notification-email")}
        onChange={(value, title) =>
          save.mutate({ key: "notification-email", value }, { onSuccess: () => saved(`e-mail: ${title}`) })
        }
      />
      <Heading as="h2" className="sleuth-section-title">
        Table columns
      </Heading>
      <Text as="p" className="sleuth-muted">
        Which columns each table shows. On any table, v c chooses its columns in place.
      </Text>
      {tableIds.map((table) => {
        const spec = tableCatalogue[table];
        return (
          <fieldset key={table} className="sleuth-settings-section sleuth-table-columns">
            <legend>{spec.label} table columns</legend>
            {spec.columns.map((column) => (
              <FormControl key={column.id} disabled={"fixed" in column && column.fixed}>
                <Checkbox
                  checked={isColumnShown(tableConfig, table, column.id)}
                  onChange={(event) =>
                    save.mutate(
                      {
                        key: "table-config",
                        value: withColumnShown(tableConfig, table, column.id, event.target.checked),
                      },
                      { onSuccess: () => saved(`${spec.label} columns`) },
                    )
                  }
                />
                <FormControl.Label>{column.header}</FormControl.Label>
              </FormControl>
            ))}
          </fieldset>
        );
      })}
      <div role="alert">
        {save.isError ? (
          <InlineMessage variant="critical">
            {isApiError(save.error) ? save.error.message : "The preference was not saved."}
          </InlineMessage>
        ) : null}
      </div>
    </div>
  );
}
