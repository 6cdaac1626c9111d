import { expect, test } from "vitest";
import { renderNotification } from "./notificationMessages.ts";

const context = { organizationName: "Agency <North>", consoleUrl: "https://sleuth.example/" };

test("issue 40 an e-mail names the subject, the organization and the console page, and escapes HTML", () => {
  const message = renderNotification(
    {
      kind: "escalation-assigned",
      escalationUuid: "5e1e0000-0000-4000-8000-000000000001",
      caseName: "Ransom <b>case</b>",
      alias: "Wallet",
      trmUrn: "urn:sleuth:address:bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
      customNote: "",
      by: { name: "Dana Demo", email: "demo@sleuth.example" },
    },
    context,
  );
  expect(message.subject).toBe("Escalated to you: Wallet (Agency <North>)");
  expect(message.link).toBe("https://sleuth.example/workspace/inbox");
  expect(message.text).toContain(
    'Dana Demo <demo@sleuth.example> escalated Wallet to you in the case "Ransom <b>case</b>".',
  );
  expect(message.text).toContain("Organization: Agency <North>");
  expect(message.html).toContain("Ransom &lt;b&gt;case&lt;/b&gt;");
  expect(message.html).toContain("Agency &lt;North&gt;");
  expect(message.html).not.toContain("<b>case</b>");
});

test("issue 40 / 000 §4 a provider's e-mail is the notification text with the case number", () => {
  const message = renderNotification(
    {
      kind: "vasp-notified",
      caseNumber: "BEACON-12345",
      vaspName: "Exchange",
      entityUrn: "urn:sleuth:entity:exchange",
      requestedAt: "2026-12-03T10:00:00.000Z",
      by: { name: "Dana Demo", email: "demo@sleuth.example" },
    },
    context,
  );
  expect(message.subject).toBe("Urgent law-enforcement notification BEACON-12345");
  expect(message.text.startsWith("Urgent law-enforcement notification\n\nCase number: BEACON-12345\n")).toBe(
    true,
  );
  expect(message.text).toContain("Requested by: Dana Demo <demo@sleuth.example>, Agency <North>");
});
