import { describe, expect, it } from "vitest";
import { trimError } from "./failures.server";
import { mailFailureMessages } from "./messages";

describe("undelivered mail texts", () => {
  it("names each kind of mail in words", () => {
    expect(mailFailureMessages.kindLabel("agency_notification")).toBe("New lead notification");
    expect(mailFailureMessages.kindLabel("visitor_autoreply")).toBe("Reply to the visitor");
    expect(mailFailureMessages.kindLabel("job_application_notice")).toBe("job application notice");
    expect(mailFailureMessages.retryLabel("New quote request")).toBe('Retry sending "New quote request"');
  });

  it("shows an SMTP error on one bounded line", () => {
    expect(trimError("550 5.1.1 <x@y.example>:\r\n  Recipient address rejected")).toBe(
      "550 5.1.1 <x@y.example>: Recipient address rejected",
    );
    const long = trimError("e".repeat(2000));
    expect(long).toHaveLength(300);
    expect(long.endsWith("…")).toBe(true);
    expect(trimError(null)).toBe("");
  });
});
