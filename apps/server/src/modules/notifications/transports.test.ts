import { once } from "node:events";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxEnabled, smtpTransport } from "./transports.ts";

/** Just enough of an SMTP server to receive mail: each message's envelope and raw data. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 fake.example ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          received.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") current.from = line;
        if (verb === "RCPT") current.to.push(line);
        if (verb === "DATA") inData = true;
        if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write(verb === "DATA" ? "354 go ahead\r\n" : "250 ok\r\n");
      }
    });
  });
  return { server, received };
}

let smtp: ReturnType<typeof fakeSmtpServer>;
let port: number;
beforeAll(async () => {
  smtp = fakeSmtpServer();
  smtp.server.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  port = (smtp.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  smtp.server.close();
});

describe("smtpTransport", () => {
  it("sends an email row as a plain-text mail and a CRM lead as a mail whose body is the ADF XML", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { from: "Showroom <no-reply@showroom.example>", messageIdDomain: "showroom.example" });
    try {
      await transport.deliver({
        id: 1,
        dealershipId: 1,
        kind: "email",
        payload: { to: "shopper@example.com", subject: "Your code", text: "Your code is 123456.", language: "fr" },
      });
      const adf = '<?xml version="1.0"?>\n<?adf version="1.0"?>\n<adf><prospect status="new"></prospect></adf>\n';
      await transport.deliver({ id: 2, dealershipId: 1, kind: "crm_lead", payload: { to: "crm@maple-auto.example", subject: "Lead: Jordan Lee", adf } });
      expect(transport.name).toBe("smtp");

      const [mail, lead] = smtp.received;
      expect(mail!.from).toContain("<no-reply@showroom.example>");
      expect(mail!.to).toEqual(["RCPT TO:<shopper@example.com>"]);
      expect(mail!.data).toMatch(/^Subject: Your code$/m);
      expect(mail!.data).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
      expect(mail!.data).toMatch(/^Content-Language: fr-CA$/m);
      expect(mail!.data).toContain("Your code is 123456.");
      // The outbox row's own Message-ID: sent again after a crash, the duplicate is recognisable.
      expect(mail!.data).toMatch(/^Message-ID: <outbox-1@showroom\.example>$/im);
      expect(lead!.data).toMatch(/^Message-ID: <outbox-2@showroom\.example>$/im);

      expect(lead!.to).toEqual(["RCPT TO:<crm@maple-auto.example>"]);
      expect(lead!.data).toMatch(/^Subject: Lead: Jordan Lee$/m);
      expect(lead!.data).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
      expect(lead!.data).not.toMatch(/multipart/i);
      expect(lead!.data).toContain('<?adf version="1.0"?>\r\n<adf><prospect status="new"></prospect></adf>');
    } finally {
      transport.close();
    }
  });

  it("sends an email's calendar file as text/calendar with the method of the file (RFC 6047)", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { from: "no-reply@showroom.example", messageIdDomain: "showroom.example" });
    try {
      const content = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Showroom//Appointments//EN\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:a@b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
      const before = smtp.received.length;
      await transport.deliver({
        id: 5,
        dealershipId: 1,
        kind: "email",
        payload: { to: "shopper@example.com", subject: "Appointment canceled", text: "Canceled.", language: "en", calendar: { method: "CANCEL", filename: "appointment.ics", content } },
      });
      const mail = smtp.received[before]!;
      expect(mail.data).toMatch(/^Content-Type: multipart\/(mixed|alternative)/im);
      expect(mail.data).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=CANCEL$/im);
      expect(mail.data).toContain("Canceled.");
      expect(mail.data.replace(/=\r\n/g, "")).toContain("METHOD:CANCEL");
    } finally {
      transport.close();
    }
  });

  it("refuses an SMS: there is no SMS provider behind SMTP", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { from: "no-reply@showroom.example", messageIdDomain: "showroom.example" });
    await expect(transport.deliver({ id: 3, dealershipId: 1, kind: "sms", payload: { to: "4165550142", text: "hi" } })).rejects.toThrow(/SMS/);
    transport.close();
  });

  it("fails a delivery the server cannot take (the worker retries it)", async () => {
    const closed = net.createServer((socket) => socket.destroy());
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const transport = smtpTransport(`smtp://127.0.0.1:${(closed.address() as net.AddressInfo).port}`, { from: "no-reply@showroom.example", messageIdDomain: "showroom.example" });
    await expect(
      transport.deliver({ id: 4, dealershipId: 1, kind: "email", payload: { to: "a@example.com", subject: "s", text: "t", language: "en" } }),
    ).rejects.toThrow();
    transport.close();
    closed.close();
  });
});

describe("mailboxEnabled", () => {
  it.each([
    { env: "development", smtpUrl: undefined, devMailbox: false, enabled: true },
    { env: "test", smtpUrl: undefined, devMailbox: false, enabled: true },
    { env: "production", smtpUrl: undefined, devMailbox: false, enabled: false },
    { env: "development", smtpUrl: "smtp://mail.example", devMailbox: false, enabled: false },
    { env: "development", smtpUrl: "smtp://mail.example", devMailbox: true, enabled: true },
    { env: "production", smtpUrl: "smtp://mail.example", devMailbox: true, enabled: true },
  ] as const)("is $enabled in $env with SMTP $smtpUrl and DEV_MAILBOX $devMailbox", ({ enabled, ...config }) => {
    expect(mailboxEnabled(config)).toBe(enabled);
  });
});
