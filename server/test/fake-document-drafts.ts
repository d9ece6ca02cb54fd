/**
 * How the fake AI server answers a request for a document draft (structured output named "document_draft"): a
 * small whole draft that cites the first two numbered blocks when it was sent any, and lists one assumption. A
 * spreadsheet is a 13-week cash-flow forecast with real formulas. A change request gets the document back with the
 * selected passage shortened, or a row added for what was asked.
 */

type Draft = {
  title: string;
  sections: Array<{
    heading: string;
    blocks: Array<{ type: string; text: string; items: string[]; rows: string[][] }>;
  }>;
  sheet: { columns: Array<{ header: string; format: string }>; rows: string[][] } | null;
  assumptions: Array<{ text: string; value: string; why: string }>;
};

const CHANGE_MARKER = "The document now (JSON):\n";

export function fakeDocumentDraft(prompt: string): string {
  const changeAt = prompt.indexOf(CHANGE_MARKER);
  if (changeAt >= 0)
    return JSON.stringify(changed(prompt, JSON.parse(prompt.slice(changeAt + CHANGE_MARKER.length)) as Draft));
  const cites = /\[1\] /.test(prompt) ? (/\[2\] /.test(prompt) ? ["[1]", "[2]"] : ["[1]", ""]) : ["", ""];
  return JSON.stringify(prompt.includes("draft this spreadsheet") ? cashFlow(cites) : campaignPlan(cites));
}

const block = (fields: Partial<Draft["sections"][number]["blocks"][number]>) => ({
  type: "paragraph",
  text: "",
  items: [],
  rows: [],
  ...fields,
});

function campaignPlan([first, second]: string[]): Draft {
  return {
    title: "Spring subscription campaign",
    sections: [
      {
        heading: "Goal",
        blocks: [block({ text: `Grow subscriptions from 300 to 800 this year ${first}.`.replace(" .", ".") })],
      },
      {
        heading: "Weekly actions",
        blocks: [
          block({
            type: "bullets",
            items: ["Week 1: launch the tasting box on Instagram", "Week 2: email the newsletter readers"],
          }),
        ],
      },
      {
        heading: "Budget",
        blocks: [
          block({ text: `We spend about $800 a month on marketing ${second}.`.replace(" .", ".") }),
          block({
            type: "table",
            rows: [
              ["Channel", "Budget"],
              ["Instagram ads", "$500"],
              ["Newsletter", "$300"],
            ],
          }),
        ],
      },
    ],
    sheet: null,
    assumptions: [{ text: "Average order £38", value: "£38", why: "not in your data" }],
  };
}

function cashFlow([first]: string[]): Draft {
  const weeks = Array.from({ length: 13 }, (_, index) => index);
  const column = (index: number) => String.fromCharCode(66 + index);
  return {
    title: "13-week cash-flow forecast",
    sections: [],
    sheet: {
      columns: [
        { header: "Line", format: "text" },
        ...weeks.map((week) => ({ header: `Week ${week + 1}`, format: "currency" })),
      ],
      rows: [
        ["Opening balance", ...weeks.map((week) => (week === 0 ? "5000" : `=${column(week - 1)}5`))],
        [`Cash in ${first}`.trim(), ...weeks.map(() => "2400")],
        ["Cash out", ...weeks.map(() => "1900")],
        ["Closing balance", ...weeks.map((week) => `=${column(week)}2+${column(week)}3-${column(week)}4`)],
      ],
    },
    assumptions: [{ text: "Weekly cash out £1,900", value: "£1,900", why: "not in your data" }],
  };
}

function changed(prompt: string, draft: Draft): Draft {
  const selection = /<<<\n([\s\S]*?)\n>>>/.exec(prompt)?.[1] ?? "";
  const instruction = /What to change: (.*)/.exec(prompt)?.[1] ?? "";
  if (draft.sheet) {
    const label = /row for (.+)$/i.exec(instruction)?.[1] ?? instruction;
    const width = draft.sheet.columns.length;
    const row = [label, ...new Array<string>(width - 1).fill("0")];
    return { ...draft, sheet: { ...draft.sheet, rows: [...draft.sheet.rows, row] } };
  }
  const shorter = (text: string) => {
    if (!selection || !text.includes(selection)) return text;
    const words = selection.split(" ");
    return text.replace(selection, words.slice(0, Math.max(1, Math.ceil(words.length / 2))).join(" "));
  };
  return {
    ...draft,
    sections: draft.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((item) => ({ ...item, text: shorter(item.text), items: item.items.map(shorter) })),
    })),
  };
}
