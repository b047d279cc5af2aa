import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminNewsletter, NewsletterDraft } from "#core/admin/newsletter-schemas.ts";
import { PREVIEW_DELAY_MS } from "#app/features/admin/newsletter-preview.tsx";
import { apiAnswers } from "#tests/app/fake-fetch.ts";
import AdminNewNewsletter, {
  clientAction as newAction,
  clientLoader as newLoader,
} from "./new-newsletter.tsx";
import AdminNewsletterPage, { clientAction, clientLoader } from "./newsletter.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const draft: AdminNewsletter = {
  id: 7,
  subject: "Spring news",
  preheader: "",
  body: "Spring is here.",
  version: 2,
  status: "draft",
  createdAt: "2026-11-20T00:00:00.000Z",
  updatedAt: "2026-11-20T00:00:00.000Z",
  sendingStartedAt: null,
  sentAt: null,
  counts: { recipients: 0, waiting: 0, sent: 0, failed: 0, skipped: 0, unsubscribedSince: 0 },
};

let calls: string[];
let previewed: NewsletterDraft[];

beforeEach(() => {
  calls = [];
  previewed = [];
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /admin/newsletters/7": () => {
        calls.push("load");
        return draft;
      },
      "POST /admin/newsletters/preview": ({ body }) => {
        const sent = body as NewsletterDraft;
        previewed.push(sent);
        return {
          subject: sent.subject,
          html: `<p>${sent.body}</p>`,
          text: `${sent.body}\n\nUnsubscribe: …`,
          missingProducts: [],
        };
      },
    }),
  );
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/admin/newsletters/new",
      Component: AdminNewNewsletter as never,
      loader: (args) => newLoader(args as never),
      action: (args) => newAction(args as never),
      HydrateFallback: () => null,
    },
    {
      path: "/admin/newsletters/:id",
      Component: AdminNewsletterPage as never,
      loader: (args) => clientLoader(args as never),
      action: (args) => clientAction(args as never),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return userEvent.setup();
}

const plainText = () =>
  within(screen.getByRole("region", { name: "Preview" })).getByText(/Unsubscribe: …/);
const afterThePause = { timeout: PREVIEW_DELAY_MS + 2_000 };

describe("the newsletter preview follows typing (issue 39)", () => {
  it("draws a draft's unsaved text after a pause, without reloading the page's data", async () => {
    const user = renderAt("/admin/newsletters/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Spring news" })).toBeVisible();
    expect(plainText()).toHaveTextContent("Spring is here.");

    await user.type(screen.getByLabelText("Text (Markdown)"), " Autumn too.");
    await vi.waitFor(
      () => expect(plainText()).toHaveTextContent("Spring is here. Autumn too."),
      afterThePause,
    );
    // The saved draft's preview, then one for the pause, not one per key; the draft was loaded
    // once, never again.
    expect(previewed.map(({ body }) => body)).toEqual([
      "Spring is here.",
      "Spring is here. Autumn too.",
    ]);
    expect(calls).toEqual(["load"]);
    // Nothing said aloud while typing: the page's messages stay empty.
    expect(screen.getByRole("status")).toBeEmptyDOMElement();

    // A field the server would refuse leaves the last preview, and says why beside it.
    await user.clear(screen.getByLabelText("Subject"));
    expect(
      await screen.findByText(
        "Not updated to your latest typing: Subject is required",
        {},
        afterThePause,
      ),
    ).toBeVisible();
    expect(plainText()).toHaveTextContent("Autumn too.");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("warns that the saved draft, not the typed preview, is what Send and the test send", async () => {
    const user = renderAt("/admin/newsletters/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Spring news" })).toBeVisible();
    expect(
      screen.getByText("The test and the newsletter send the last saved draft."),
    ).toBeVisible();
    expect(screen.queryAllByText("You have unsaved changes.")).toEqual([]);
    await user.type(screen.getByLabelText("Text (Markdown)"), " Autumn too.");
    expect(screen.queryByText("The test and the newsletter send the last saved draft.")).toBeNull();
    // Beside the Send buttons, and again in the dialog that confirms.
    expect(screen.getAllByText("You have unsaved changes.")).toHaveLength(2);
    expect(
      within(screen.getByRole("alertdialog", { hidden: true })).getByText(
        "You have unsaved changes.",
      ),
    ).toBeInTheDocument();
  });

  it("draws a new newsletter as it is typed, and its Preview button still posts the form", async () => {
    const user = renderAt("/admin/newsletters/new");
    expect(await screen.findByRole("heading", { level: 1, name: "New newsletter" })).toBeVisible();
    const region = screen.getByRole("region", { name: "Preview" });
    expect(region).toHaveTextContent("It appears here as you type");

    await user.type(screen.getByLabelText("Subject"), "Winter");
    await user.type(screen.getByLabelText("Text (Markdown)"), "Snow.");
    await vi.waitFor(() => expect(plainText()).toHaveTextContent("Snow."), afterThePause);
    expect(within(region).getByText("Winter")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(
      await screen.findByText("The preview below shows the newsletter. It is not saved yet."),
    ).toHaveRole("status");
    expect(previewed.at(-1)).toEqual({ subject: "Winter", preheader: "", body: "Snow." });
  });
});
