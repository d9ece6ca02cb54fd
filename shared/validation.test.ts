import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, ownerText } from "./validation";

describe("ownerText", () => {
  const schema = ownerText({ error: "Required" }).trim().min(1, { error: "Required" });

  it("keeps tabs, newlines, emoji and every printable script as typed", () => {
    const text = "Line one\n\tIndented — café, 東京, مرحبا 😀👩‍👩‍👧";
    expect(schema.parse(text)).toBe(text);
  });

  it("turns Windows and old Mac line endings into newlines", () => {
    expect(schema.parse("one\r\ntwo\rthree")).toBe("one\ntwo\nthree");
  });

  it("turns each lone surrogate into U+FFFD and leaves pairs alone", () => {
    expect(schema.parse("a\ud800b")).toBe("a\ufffdb");
    expect(schema.parse("a\udc00b")).toBe("a\ufffdb");
    expect(schema.parse("\udc00\ud800")).toBe("\ufffd\ufffd");
    expect(schema.parse("\ud83d\ude00\ud83d")).toBe("😀\ufffd");
  });

  it.each([
    ["NUL", "\u0000"],
    ["bell", "\u0007"],
    ["vertical tab", "\u000b"],
    ["escape", "\u001b"],
    ["delete", "\u007f"],
    ["C1 next line", "\u0085"],
  ])("refuses %s with one readable message", (_name, character) => {
    const result = schema.safeParse(`Hello ${character} there`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it("keeps the field's own message for a missing value", () => {
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe("Required");
  });
});
