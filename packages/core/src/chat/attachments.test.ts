// What a chat attachment is, read from its bytes, and the name it is served under (ADR 058).
import { describe, expect, it } from "vitest";

import { cleanFileName, detectAttachmentType } from "./attachments.ts";
import { containsPattern } from "./inbox.ts";

describe("detectAttachmentType", () => {
  it("reads PDF, JPEG and PNG from their first bytes", () => {
    expect(detectAttachmentType(Buffer.from("%PDF-1.4\n..."))).toBe("application/pdf");
    // A few bytes before the header are tolerated (PDF 32000-1 §7.5.2).
    expect(detectAttachmentType(Buffer.from("\n\r %PDF-1.7"))).toBe("application/pdf");
    expect(detectAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe("image/jpeg");
    expect(detectAttachmentType(Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"))).toBe(
      "image/png",
    );
  });

  it("refuses everything else, whatever it is called", () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from("<html><script>alert(1)</script>"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from("GIF89a"),
      Buffer.from("RIFF\0\0\0\0WEBPVP8 "),
      Buffer.from([0xff, 0xd8]),
      Buffer.from("89504e470d0a1a", "hex"),
      Buffer.concat([Buffer.alloc(1024, 0x20), Buffer.from("%PDF-1.4")]),
    ]) {
      expect(detectAttachmentType(bytes)).toBeUndefined();
    }
  });
});

describe("cleanFileName", () => {
  it("keeps the name, drops folders and control characters, and sets the extension from the type", () => {
    expect(cleanFileName("C:\\Users\\me\\CV.PDF", "application/pdf")).toBe("CV.pdf");
    expect(cleanFileName("../../etc/passwd", "image/png")).toBe("passwd.png");
    expect(cleanFileName('pass"port\u0000\u202e.jpeg', "image/jpeg")).toBe("passport.jpg");
    expect(cleanFileName("Zeugnis Müller.pdf", "application/pdf")).toBe("Zeugnis Müller.pdf");
    expect(cleanFileName("report.exe", "application/pdf")).toBe("report.pdf");
  });

  it("names a nameless or hidden file 'attachment' and keeps names short", () => {
    expect(cleanFileName(undefined, "application/pdf")).toBe("attachment.pdf");
    expect(cleanFileName("   ", "image/png")).toBe("attachment.png");
    expect(cleanFileName(".htaccess", "image/png")).toBe("attachment.png");
    const long = cleanFileName(`${"a".repeat(300)}.pdf`, "application/pdf");
    expect(long).toHaveLength(120);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

describe("containsPattern", () => {
  it("searches for the text literally, lower case", () => {
    expect(containsPattern("Fees")).toBe("%fees%");
    expect(containsPattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
