import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { textIntent } from "./keywords";
import { smsMessages } from "./messages";
import { signatureValid, twilioSignature, twiml } from "./twilio.server";

describe("the texts", () => {
  it("the instant reply names the agency, the reference and the call back, and ends with the opt-out line", () => {
    expect(smsMessages.instantReply("Hill Country Commercial Insurance", "L-7K4M2P", smsMessages.callBackWithin(30))).toBe(
      "Hill Country Commercial Insurance: thanks, we have your request (ref L-7K4M2P). Expect our call within 30 minutes. Reply STOP to opt out, HELP for help.",
    );
    expect(smsMessages.optOutLine).toBe("Reply STOP to opt out, HELP for help.");
  });
});

describe("what an inbound text asks for", () => {
  it("reads the carriers' stop words whatever their case and punctuation", () => {
    for (const word of ["STOP", "stop", "Stop.", " STOPALL ", "unsubscribe", "Cancel", "END", "quit", "REVOKE", "OPTOUT", "opt-out"])
      expect(textIntent(word), word).toBe("stop");
  });

  it("reads plain requests to stop", () => {
    for (const body of [
      "please stop texting me",
      "Stop sending me messages",
      "Don't text me again",
      "remove me from your list",
      "I want to opt out",
    ])
      expect(textIntent(body), body).toBe("stop");
  });

  it("reads HELP and START/UNSTOP, and leaves ordinary messages alone", () => {
    expect(textIntent("help")).toBe("help");
    expect(textIntent("START")).toBe("start");
    expect(textIntent("unstop")).toBe("start");
    for (const body of ["Yes, call me after 3", "Can we talk tomorrow?", "I need a quote for 3 trucks", "Yes"])
      expect(textIntent(body), body).toBe("message");
  });
});

describe("Twilio's webhook signature", () => {
  const token = "12345";
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params: [string, string][] = [
    ["CallSid", "CA1234567890ABCDE"],
    ["Caller", "+12349013030"],
    ["Digits", "1234"],
    ["From", "+12349013030"],
    ["To", "+18005551212"],
  ];

  it("matches a signature computed on its own from Twilio's documented algorithm", () => {
    // The URL, then each parameter's name and value in the order of the names, HMAC-SHA1 with the auth token, base64.
    const independent = createHmac("sha1", token)
      .update(
        "https://mycompany.com/myapp.php?foo=1&bar=2CallSidCA1234567890ABCDECaller+12349013030Digits1234From+12349013030To+18005551212",
      )
      .digest("base64");
    expect(twilioSignature(token, url, [...params].reverse())).toBe(independent);
    expect(signatureValid(token, url, params, independent)).toBe(true);
  });

  it("refuses another signature, another URL, a changed field and none", () => {
    const good = twilioSignature(token, url, params);
    expect(signatureValid(token, url, params, `${good.slice(0, -2)}A=`)).toBe(false);
    expect(signatureValid(token, "https://mycompany.com/other", params, good)).toBe(false);
    expect(signatureValid(token, url, [...params.slice(1), ["CallSid", "CA0"]], good)).toBe(false);
    expect(signatureValid(token, url, params, undefined)).toBe(false);
  });
});

describe("TwiML", () => {
  it("answers one escaped message, or none", () => {
    expect(twiml("A & B <c>")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>A &amp; B &lt;c&gt;</Message></Response>');
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
});
