import { useStore } from "@nanostores/react";
import { Checkbox, Dialog, FormControl, Radio, RadioGroup, Text, TextInput } from "@primer/react";
import {
  type DownloadSelection,
  defaultDownloadFileName,
  downloadMessages,
  downloadRowLimit,
  planDownload,
} from "@sleuth/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { announce, showMessage } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { $downloadTarget, closeDownloadDialog, type DownloadTarget } from "./downloadStore.ts";
import { saveFile } from "./saveFile.ts";

/** The Download CSV modal (001 §2), opened by any table through openDownloadDialog. */
export function DownloadCsvDialog() {
  const target = useStore($downloadTarget);
  return target ? <DownloadCsvForm target={target} /> : null;
}

interface FormState {
  kind: "all" | "range";
  start: string;
  end: string;
  forceJob: boolean;
}
const initialForm: FormState = { kind: "all", start: "", end: "", forceJob: false };

/** "1 row", "2,000 rows": a count as the modal writes it. */
const rowsText = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "row" : "rows"}`;

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * 001 §4 / §5: all rows or a range (both ends required), a count above zero and within 100,000;
 * 'Download' for 100 rows or fewer, 'Process Download' above that or when forced. Cancel resets and
 * closes; after a submit the dialog closes and its values reset (it is rebuilt on the next open).
 */
function DownloadCsvForm({ target }: { target: DownloadTarget }) {
  const [form, setForm] = useState<FormState>(initialForm);
  const [count, setCount] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const ids = { from: useId(), to: useId() };
  useEffect(() => {
    let live = true;
    target.count().then(
      (value) => live && setCount(value),
      () => live && setFailure(downloadMessages.failed),
    );
    return () => {
      live = false;
    };
  }, [target]);

  const selection: DownloadSelection =
    form.kind === "all"
      ? { kind: "all" }
      : { kind: "range", start: wholeNumber(form.start), end: wholeNumber(form.end) };
  const plan =
    count === null ? null : planDownload({ selection, totalCount: count, forceJob: form.forceJob });
  const close = () => {
    setForm(initialForm);
    closeDownloadDialog();
  };

  const submit = async () => {
    if (!plan?.ok) return;
    setBusy(true);
    setFailure(null);
    const request = {
      jobType: target.jobType,
      parameters: { ...target.parameters, offset: plan.offset, limit: plan.limit },
    };
    try {
      if (plan.mode === "direct") {
        const { csv, manifest } = await sleuthClient.asyncJobs.direct(request);
        saveFile({ text: csv }, defaultDownloadFileName(target.label));
        await sleuthClient.activity
          .log("download", {
            jobType: target.jobType,
            rows: manifest.rowCount,
            mode: "direct",
            sha256: manifest.sha256,
          })
          .catch(() => {});
        announce(`Downloaded ${rowsText(manifest.rowCount)}`);
      } else {
        await sleuthClient.asyncJobs.create(request);
        await queryClient.invalidateQueries({ queryKey: ["async-jobs"] });
        showMessage({ variant: "info", title: downloadMessages.jobStarted });
      }
      close();
    } catch {
      setFailure(downloadMessages.failed);
    } finally {
      setBusy(false);
    }
  };

  const message = failure ?? (plan && !plan.ok ? plan.message : null);
  const rows = plan?.ok ? plan.limit : 0;
  return (
    <Dialog
      title="Download CSV"
      subtitle={`${target.label}${count === null ? "" : ` · ${rowsText(count)}`}`}
      onClose={close}
      width="medium"
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: close },
        {
          buttonType: "primary",
          content: plan?.ok && plan.mode === "job" ? "Process Download" : "Download",
          disabled: !plan?.ok || busy,
          onClick: () => void submit(),
        },
      ]}
    >
      <form
        className="sleuth-download-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <RadioGroup
          name="rows"
          onChange={(value) => setForm({ ...form, kind: value === "range" ? "range" : "all" })}
        >
          <RadioGroup.Label>Rows</RadioGroup.Label>
          <FormControl>
            <Radio value="all" checked={form.kind === "all"} />
            <FormControl.Label>All rows</FormControl.Label>
          </FormControl>
          <FormControl>
            <Radio value="range" checked={form.kind === "range"} />
            <FormControl.Label>A range of rows</FormControl.Label>
          </FormControl>
        </RadioGroup>
        {form.kind === "range" ? (
          <div className="sleuth-download-range">
            <FormControl id={ids.from} required>
              <FormControl.Label>First row</FormControl.Label>
              <TextInput
                inputMode="numeric"
                value={form.start}
                onChange={(event) => setForm({ ...form, start: event.target.value })}
              />
            </FormControl>
            <FormControl id={ids.to} required>
              <FormControl.Label>Last row</FormControl.Label>
              <TextInput
                inputMode="numeric"
                value={form.end}
                onChange={(event) => setForm({ ...form, end: event.target.value })}
              />
            </FormControl>
          </div>
        ) : null}
        <FormControl>
          <Checkbox
            checked={form.forceJob}
            onChange={(event) => setForm({ ...form, forceJob: event.target.checked })}
          />
          <FormControl.Label>Process in the background</FormControl.Label>
          <FormControl.Caption>
            More than 100 rows always are; at most {downloadRowLimit.toLocaleString("en-US")} rows.
          </FormControl.Caption>
        </FormControl>
        {count === null && !failure ? <Text className="sleuth-muted">Counting rows…</Text> : null}
        {message ? (
          <Text as="p" role="alert" className="sleuth-download-error">
            {message}
          </Text>
        ) : plan?.ok ? (
          <Text as="p" className="sleuth-muted" data-testid="download-plan">
            {rowsText(rows)} · {plan.mode === "job" ? "background job" : "direct download"} ·{" "}
            {defaultDownloadFileName(target.label)}
          </Text>
        ) : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
