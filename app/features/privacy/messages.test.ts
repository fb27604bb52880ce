import { describe, expect, it } from "vitest";
import { inlineToPlainText, legalDocuments, periodText } from "~/content/legal";
import { retentionDefaults } from "~/content/retention";
import { defaultSite } from "~/content/site-profile";
import { privacyMessages } from "./messages";

const policyText = () =>
  legalDocuments(defaultSite)
    .privacyPolicy.sections.flatMap((section) => section.blocks)
    .flatMap((block) => (block.type === "p" ? [block.content] : block.items))
    .map((inline) => inlineToPlainText(inline))
    .join("\n");

describe("retention periods in the Privacy Policy", () => {
  it("states every default period the retention job keeps to", () => {
    const text = policyText();
    expect(text).toContain(`Quote requests and other requests for coverage, with the documents uploaded with them: 2 years`);
    expect(text).toContain("Messages sent through the contact form: 1 year");
    expect(text).toContain("Chat conversations: 180 days after the last message");
    expect(text).toContain("Job applications: 1 year");
    expect(text).toContain("after 30 days");
    expect(text).toContain(`SMS consent records: ${retentionDefaults.consentYears} years after they are made`);
    expect(text).toContain("Telephone Consumer Protection Act");
    expect(text).toMatch(/To have your information deleted, tell us the email address you used with us\./);
    expect(text).toContain("An email telling our team about your request that could not be delivered is kept as long as the request");
    expect(text).toContain("replace your address wherever someone else wrote it in what they sent us");
  });

  it("writes periods in whole years where they are, else in days", () => {
    expect(periodText(730)).toBe("2 years");
    expect(periodText(365)).toBe("1 year");
    expect(periodText(180)).toBe("180 days");
    expect(periodText(1)).toBe("1 day");
  });
});

describe("the Privacy screen's texts", () => {
  it("sums up an erasure: what was deleted, what was kept, what failed", () => {
    expect(
      privacyMessages.erased({
        leads: 1,
        contacts: 0,
        documents: 2,
        chats: 1,
        applications: 0,
        mails: 3,
        consentRecordsKept: 1,
        invitations: 1,
        mailFiles: 2,
        mailFilesRedacted: 1,
        mailFilesFailed: 1,
        filesFailed: 1,
      }),
    ).toEqual([
      "1 lead deleted",
      "0 contact messages deleted",
      "2 documents deleted",
      "1 chat deleted",
      "0 job applications deleted",
      "3 emails deleted",
      "1 back-office invitation deleted",
      "2 email files deleted from the mail folder",
      "1 other email file that mentioned the address kept in the mail folder, with the address replaced",
      "1 SMS consent record kept for the consent retention period",
      "1 document file could not be deleted from storage yet; the upload sweep tries again on its next run, and the server log has the details",
      "1 email file in the mail folder could not be erased; erasing the address again retries, and the server log has the details",
    ]);
    expect(
      privacyMessages.erased({
        leads: 0,
        contacts: 0,
        documents: 0,
        chats: 0,
        applications: 0,
        mails: 0,
        consentRecordsKept: 0,
        invitations: 0,
        mailFiles: 0,
        mailFilesRedacted: 0,
        mailFilesFailed: 0,
        filesFailed: 0,
      }),
    ).toHaveLength(6);
  });

  it("states the periods in force", () => {
    expect(privacyMessages.periods.leads(730)).toBe(
      "Quote requests and other leads, with their documents: 730 days after the last activity",
    );
    expect(privacyMessages.periods.consent(1)).toBe("SMS consent records: 1 year");
  });
});
