import { describe, expect, it } from "vitest";
import { transportOptions } from "./smtp.server";

describe("SMTP transport", () => {
  it("requires STARTTLS on a remote relay, so a stripped upgrade sends nothing in clear text", () => {
    expect(transportOptions({ host: "smtp.postmarkapp.com", port: 587, secure: false })).toMatchObject({ requireTLS: true, tls: { minVersion: "TLSv1.2" } });
  });

  it("uses implicit TLS as configured, and allows plain SMTP only to a relay on this machine", () => {
    expect(transportOptions({ host: "smtp.example.com", port: 465, secure: true })).toMatchObject({ secure: true, requireTLS: false });
    expect(transportOptions({ host: "127.0.0.1", port: 25, secure: false }).requireTLS).toBe(false);
  });
});
